import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0UnsignedTransaction, V0WrapEthRequest } from "../schemas.ts";

export const genericWrapEth = defineOperation({
  name: "genericWrapEth",
  method: "POST",
  path: "/v0/generic/wrap_eth",
  summary: "Wrap ETH",
  description: "A transaction that wraps `amount` ETH into WETH (`POST /v1/generic/wrap_eth`).",
  body: V0WrapEthRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) => v0Write(ctx, "v1_generic_wrap_eth", body, { amount: body.amount }),
});
