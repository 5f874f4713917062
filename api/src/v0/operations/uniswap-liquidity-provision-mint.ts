import { defineOperation } from "../../kernel/registry/define.ts";
import { fieldsOf, v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0UniswapMintLiquidityProvisionRequest, V0UnsignedTransaction } from "../schemas.ts";

export const uniswapLiquidityProvisionMint = defineOperation({
  name: "uniswapLiquidityProvisionMint",
  method: "POST",
  path: "/v0/uniswap/liquidity_provision/mint",
  summary: "Open a new LP position",
  description:
    "A transaction that opens a liquidity position in a Uniswap V3 pool (`POST /v1/uniswap/liquidity_provision/mint`).",
  body: V0UniswapMintLiquidityProvisionRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_uniswap_liquidity_provision_mint", body, fieldsOf(body)),
});
