import { formatUnits } from "viem";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { explainSlippage, type SwapCalls, swapCalls } from "../../../protocols/aggregators/index.ts";
import { earnAccountAction } from "../domain/account-action.ts";
import type { EarnContext } from "../domain/ports.ts";
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
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    let built: SwapCalls | undefined;
    const { calls: _, ...envelope } = await earnAccountAction(
      { client, chain: body.chain, owner: body.owner, sponsored: body.gas_sponsorship },
      async (account, deployed) => {
        built = await swapCalls(
          {
            config: ctx.config,
            client,
            chain: body.chain,
            aggregator: ctx.services.aggregator,
            account,
            checkBalance: deployed && { holder: "the Earn Account" },
          },
          { ...body, loc: ["body"] },
        );
        return built.calls;
      },
    ).catch((error) =>
      built
        ? explainSlippage(error, ["body"], { out: built.estimatedOut, token: built.tokenOut })
        : Promise.reject(error),
    );
    return { ...envelope, estimated_amount_out: formatUnits(built!.estimatedOut, built!.tokenOut.decimals) };
  },
});
