import { defineOperation } from "../../../kernel/registry/define.ts";
import { ethenaVault } from "../domain/ethena.ts";
import { EthenaGetVaultResponse, EthenaVaultQuery } from "../schemas.ts";

export const vault = defineOperation({
  method: "GET",
  path: "/v1/ethena/vault",
  summary: "Get Vault & User Position",
  description:
    "sUSDe (Ethena's staked USDe) at `block` (or now), as `/v1/vaults/vault` reads any ERC-4626 — totals, share price, APYs — with its cooldown and, for `user_address`, the wallet's sUSDe and what it has in cooldown, until when.",
  query: EthenaVaultQuery,
  response: EthenaGetVaultResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user_address: "u", block: "b" } },
  handler: ({ query }, ctx) => ethenaVault(ctx, query),
});
