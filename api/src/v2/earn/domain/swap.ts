import { type Address, formatUnits, type PublicClient } from "viem";
import type { Config } from "../../../kernel/config/env.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type ActionEnvelope, PRODUCT_LABEL, productAccountAction } from "../../../product-accounts/index.ts";
import {
  explainSlippage,
  type SwapAggregator,
  type SwapCalls,
  swapCalls,
} from "../../../protocols/aggregators/index.ts";

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
  let built: SwapCalls | undefined;
  const { calls: _, ...envelope } = await productAccountAction(
    "earn",
    { client, chain, owner, sponsored },
    async (account, deployed) => {
      built = await swapCalls(
        { ...input, account, checkBalance: deployed && { holder: `the ${PRODUCT_LABEL.earn}` } },
        { ...input, loc: ["body"] },
      );
      return built.calls;
    },
  ).catch((error) =>
    built
      ? explainSlippage(error, ["body"], { out: built.estimatedOut, token: built.tokenOut })
      : Promise.reject(error),
  );
  return { ...envelope, estimated_amount_out: formatUnits(built!.estimatedOut, built!.tokenOut.decimals) };
}
