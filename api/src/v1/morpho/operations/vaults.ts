import { defineOperation } from "../../../kernel/registry/define.ts";
import { listVaults } from "../domain/vaults.ts";
import { MorphoGetVaultsResponse, VaultsQuery } from "../schemas.ts";

export const vaults = defineOperation({
  method: "GET",
  path: "/v1/morpho/vaults",
  summary: "Get Vaults",
  description:
    "The MetaMorpho vaults the chain's factories created (their CreateMetaMorpho events), optionally those taking `deposit_token`: creation, asset, totals with USD value at the chain's oracle, fee, timelock, and APYs (fractions) — `netApy` the share price's growth over the last week, `apy` that before the vault's fee.",
  query: VaultsQuery,
  response: MorphoGetVaultsResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    return listVaults(ctx, query);
  },
});
