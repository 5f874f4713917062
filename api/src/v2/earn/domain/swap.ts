import { type Address, formatUnits, type PublicClient } from "viem";
import type { Config } from "../../../kernel/config/env.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type ActionEnvelope, PRODUCT_LABEL } from "../../../product-accounts/index.ts";
import {
  explainSlippage,
  type SwapAggregator,
  type SwapCalls,
  swapCalls,
} from "../../../protocols/aggregators/index.ts";
import { earnAccountAction } from "./account-action.ts";

/**
 * POST /v2/earn/swap: the aggregator's approve-then-swap (whose proceeds stay in the account) as one action of the
 * owner's Earn Account, its balance of `token_in` checked first; a route the slippage bound would refuse in
 * simulation is a 422 on `slippage` carrying the quote.
 */
export async function buildSwap(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  aggregator: SwapAggregator;
  owner: Address;
  sponsored: boolean;
  token_in: string;
  token_out: string;
  amount_in: string;
  slippage?: string | null;
}): Promise<ActionEnvelope & { estimated_amount_out: string }> {
  const { client, chain, owner, sponsored } = input;
  // the last calls built: a revert of their simulation below the slippage bound is explained with their quote
  let built: SwapCalls | undefined;
  const { built: swap, ...envelope } = await earnAccountAction(
    { client, chain, owner, sponsored },
    async (account, checkBalance) =>
      (built = await swapCalls(
        { ...input, account, checkBalance: checkBalance && { holder: `the ${PRODUCT_LABEL.earn}` } },
        { ...input, loc: ["body"] },
      )),
  ).catch((error) =>
    built
      ? explainSlippage(error, ["body"], { out: built.estimatedOut, token: built.tokenOut })
      : Promise.reject(error),
  );
  return { ...envelope, estimated_amount_out: formatUnits(swap.estimatedOut, swap.tokenOut.decimals) };
}
