import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { wethWrite } from "../domain/weth.ts";
import { WrapEthRequest } from "../schemas.ts";

export const wrapEth = defineOperation({
  method: "POST",
  path: "/v1/generic/wrap_eth",
  summary: "Wrap ETH",
  description:
    "A transaction for `sender` that wraps `amount` of ETH into WETH (WETH9 `deposit`), the ERC-20 form DeFi protocols take. More ETH than the sender holds, with the gas, is a 422.",
  body: WrapEthRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => wethWrite("wrap", body, ctx),
});
