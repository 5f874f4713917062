import { defineOperation } from "../../../kernel/registry/define.ts";
import { vaultReadOf, vaultResponse } from "../../../kernel/schemas/v1-vaults.ts";
import { readVaultAt } from "../../../protocols/erc4626/index.ts";
import { MorphoVaultQuery, VaultGetVaultResponse } from "../schemas.ts";

export const vault = defineOperation({
  method: "GET",
  path: "/v1/morpho/vault",
  summary: "Get Vault & User Position",
  description:
    "A MetaMorpho vault (an ERC-4626) at `block` (or now): totals, share price, APYs from the share price's growth, and `user_address`'s shares when given — as `/v1/vaults/vault` reads any vault.",
  query: MorphoVaultQuery,
  response: VaultGetVaultResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", vault_address: "v", user_address: "u", block: "b" } },
  handler: async ({ query }, ctx) => vaultResponse(await readVaultAt(vaultReadOf(query, ctx))),
});
