import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { wethWrite } from "../domain/weth.ts";
import { UnwrapWethRequest } from "../schemas.ts";

export const unwrapWeth = defineOperation({
  method: "POST",
  path: "/v1/generic/unwrap_weth",
  summary: "Unwrap WETH",
  description:
    "A transaction for `sender` that unwraps `amount` of WETH back into ETH (WETH9 `withdraw`). More WETH than the sender holds is a 422.",
  body: UnwrapWethRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => wethWrite("unwrap", body, ctx),
});
