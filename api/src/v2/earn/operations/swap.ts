import { defineOperation } from "../../../kernel/registry/define.ts";
import type { EarnContext } from "../domain/ports.ts";
import { buildSwap } from "../domain/swap.ts";
import { EarnSwapRequest, EarnSwapResponse } from "../schemas.ts";

export const swap = defineOperation({
  method: "POST",
  path: "/v2/earn/swap",
  summary: "Swap tokens inside the Earn Account",
  description:
    "Swaps `amount_in` of `token_in` held by the Earn Account into `token_out`, routed by the swap aggregator (1inch Swap API); the proceeds stay in the account. The router is approved for exactly `amount_in`. `slippage` (percent, default 0.5) bounds what the route may return below its quote. Simulated before it is returned; `gas_sponsorship` returns the SafeTx for `POST /v2/gas_sponsorship/prepare`.",
  body: EarnSwapRequest,
  response: EarnSwapResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g" } },
  async handler({ body }, ctx: EarnContext) {
    return buildSwap({
      config: ctx.config,
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      chain: body.chain,
      aggregator: ctx.services.aggregator,
      owner: body.owner,
      sponsored: body.gas_sponsorship,
      token_in: body.token_in,
      token_out: body.token_out,
      amount_in: body.amount_in,
      slippage: body.slippage,
    });
  },
});
