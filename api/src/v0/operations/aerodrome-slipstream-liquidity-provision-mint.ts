import { defineOperation } from "../../kernel/registry/define.ts";
import { fieldsOf, v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AerodromeSlipstreamMintLiquidityProvisionRequest, V0UnsignedTransaction } from "../schemas.ts";

export const aerodromeSlipstreamLiquidityProvisionMint = defineOperation({
  name: "aerodromeSlipstreamLiquidityProvisionMint",
  method: "POST",
  path: "/v0/aerodrome_slipstream/liquidity_provision/mint",
  summary: "Open a new LP position",
  description:
    "A transaction that opens a liquidity position in a Slipstream pool (`POST /v1/aerodrome_slipstream/liquidity_provision/mint`).",
  body: V0AerodromeSlipstreamMintLiquidityProvisionRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_aerodrome_slipstream_liquidity_provision_mint", body, fieldsOf(body)),
});
