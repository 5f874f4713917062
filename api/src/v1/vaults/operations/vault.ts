import { defineOperation } from "../../../kernel/registry/define.ts";
import { vaultReadOf, vaultResponse } from "../../../kernel/schemas/v1-vaults.ts";
import { readVaultAt } from "../../../protocols/erc4626/index.ts";
import { VaultGetVaultResponse, VaultQuery } from "../schemas.ts";

export const vault = defineOperation({
  method: "GET",
  path: "/v1/vaults/vault",
  summary: "Get Vault & User Position",
  description:
    "Any ERC-4626 vault on `chain` by address, as it stood at `block` (or now): its totals, the share price, APYs from the share price's growth over the trailing hour, day, week and month, and `user_address`'s shares when given. A block before the vault existed is a 422 on `block`.",
  query: VaultQuery("ethereum"),
  response: VaultGetVaultResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", vault_address: "v", user_address: "u", block: "b" } },
  handler: async ({ query }, ctx) => vaultResponse(await readVaultAt(vaultReadOf(query, ctx))),
});
