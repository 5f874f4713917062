import { defineOperation } from "../../kernel/registry/define.ts";
import { fieldsOf, v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AerodromeSlipstreamIncreaseLiquidityProvisionRequest, V0UnsignedTransaction } from "../schemas.ts";

export const aerodromeSlipstreamLiquidityProvisionIncrease = defineOperation({
  name: "aerodromeSlipstreamLiquidityProvisionIncrease",
  method: "POST",
  path: "/v0/aerodrome_slipstream/liquidity_provision/increase",
  summary: "Increase an LP position",
  description:
    "A transaction that adds liquidity to the sender's Slipstream position (`POST /v1/aerodrome_slipstream/liquidity_provision/increase`).",
  body: V0AerodromeSlipstreamIncreaseLiquidityProvisionRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_aerodrome_slipstream_liquidity_provision_increase", body, fieldsOf(body)),
});
