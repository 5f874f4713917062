import { defineOperation } from "../../../kernel/registry/define.ts";
import { chargeEquityFee } from "../domain/equity/manage.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { ChargeFeeRequest, ChargeFeeResponse, OrderHashParam } from "../schemas.ts";

export const orderChargeFee = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/order/{order_hash}/charge_fee",
  name: "orderChargeFee",
  summary: "Charge a partner fee on a filled equity sell",
  description:
    "A partner fee on a filled sell's USDC proceeds (equity fills happen off the API, so the fee cannot ride in the trade): a USDC transfer from the Tokenized Assets Account to `fee.recipient`, PERCENTAGE of the proceeds (default) or FIXED USDC. Returns `transaction` for the owner, or with `gas_sponsorship` SafeTx typed data for `POST /v2/gas_sponsorship/prepare`. Simulated first.",
  params: OrderHashParam,
  body: ChargeFeeRequest,
  response: ChargeFeeResponse,
  errors: [{ status: 422, description: "invalid request, order not a filled sell of this owner's account" }],
  errorModel: "mixed",
  widget: true,
  cli: { command: "order-charge-fee", aliases: ["ocf"], short: { fee: "f", gas_sponsorship: "g" } },
  handler: ({ params, body }, ctx: TokenizedAssetsContext) => chargeEquityFee(ctx, params.order_hash, body),
});
