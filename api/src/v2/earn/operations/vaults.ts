import { CHAINS } from "@compass/constants";
import { defineOperation } from "../../../kernel/registry/define.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { EarnContext } from "../domain/ports.ts";
import { listVaults, selectVaults } from "../domain/vaults-list.ts";
import { EarnVaultsQuery, EarnVaultsResponse } from "../schemas.ts";

export const vaults = defineOperation({
  method: "GET",
  path: "/v2/earn/vaults",
  summary: "ERC-4626 vaults this deployment lists, with TVL, liquidity, caps and trailing APYs",
  description:
    "The vaults this deployment lists on `chain` (or every served chain), each read from chain: TVL and what can be withdrawn now priced by the chain's oracle, what the vault accepts now (`maxDeposit`; 0 when paused or full), and 7/30/90-day APYs from the vault's own share price. Filter by underlying and USD floors, sort by `order_by`, page with `offset`/`limit`. Any other ERC-4626 vault can still be managed by address.",
  query: EarnVaultsQuery,
  response: EarnVaultsResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: EarnContext) {
    const chains: ChainName[] = query.chain ? [query.chain] : [...CHAINS];
    const vaults = await listVaults(ctx.config, ctx.services.chains, chains, query.chain !== undefined);
    return selectVaults(vaults, query);
  },
});
