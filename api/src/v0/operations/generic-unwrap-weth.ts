import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0UnsignedTransaction, V0UnwrapWethRequest } from "../schemas.ts";

export const genericUnwrapWeth = defineOperation({
  name: "genericUnwrapWeth",
  method: "POST",
  path: "/v0/generic/unwrap_weth",
  summary: "Unwrap WETH",
  description: "A transaction that unwraps `amount` WETH into ETH (`POST /v1/generic/unwrap_weth`).",
  body: V0UnwrapWethRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_generic_unwrap_weth", body, { amount: body.amount }),
});
