/**
 * Wire schemas of the v1 Uniswap V3 group (spec v1-capabilities.md §7): quotes and the pool price read from the
 * real contracts (QuoterV2, the pool), swaps through SwapRouter and positions through the NonfungiblePositionManager,
 * each a transaction for `sender`. `fee` is the pool's fee tier in percent.
 */
import { z } from "zod";
import { Address, amountUnion, qInt, TokenRef, UnsignedTransaction } from "../../kernel/schemas/common.ts";
import { V1Chain, v1Write } from "../../kernel/schemas/v1.ts";

export const FeeEnum = z
  .enum(["0.01", "0.05", "0.3", "1.0"])
  .meta({ id: "FeeEnum", description: "the pool's fee tier in percent (Uniswap's 100, 500, 3000, 10000)" });

const pairQuery = {
  chain: V1Chain.default("arbitrum"),
  token_in: TokenRef("the symbol or address of the token sold").default("USDC"),
  token_out: TokenRef("the symbol or address of the token bought").default("USDT"),
  fee: FeeEnum.default("0.01"),
};
export const QuoteBuyQuery = z.object({
  ...pairQuery,
  amount_out: amountUnion({ description: "token_out to buy, in human units", example: "100" }),
});
export const QuoteSellQuery = z.object({
  ...pairQuery,
  amount_in: amountUnion({ description: "token_in to sell, in human units", example: "100" }),
});
export const PoolPriceQuery = z.object(pairQuery);

const priceAfter = z.string().describe("token_in per token_out in the pool once the trade is done");
export const UniswapBuyQuoteInfoResponse = z
  .object({
    amount_in: z.string().describe("token_in the pool takes for amount_out"),
    price_after: priceAfter,
  })
  .meta({ id: "UniswapBuyQuoteInfoResponse" });
export const UniswapSellQuoteInfoResponse = z
  .object({
    amount_out: z.string().describe("token_out the pool gives for amount_in"),
    price_after: priceAfter,
  })
  .meta({ id: "UniswapSellQuoteInfoResponse" });
export const UniswapPoolPriceResponse = z
  .object({
    token_in: z.string(),
    token_out: z.string(),
    price: z.string().describe("token_in per token_out at the pool's current price"),
    tick: z.int(),
  })
  .meta({ id: "UniswapPoolPriceResponse" });

const slippage = z.number().gt(0).max(50).describe("percent the price may move against the quote (1 = 1 %)");
export const UniswapBuyExactlyRequest = v1Write("UNISWAP_BUY_EXACTLY", {
  token_in: TokenRef("the symbol or address of the token sold"),
  token_out: TokenRef("the symbol or address of the token bought"),
  fee: FeeEnum,
  amount_out: amountUnion({ description: "token_out to buy exactly, in human units", example: "100" }),
  max_slippage_percent: slippage,
}).meta({ id: "UniswapBuyExactlyRequest" });
export const UniswapSellExactlyRequest = v1Write("UNISWAP_SELL_EXACTLY", {
  token_in: TokenRef("the symbol or address of the token sold"),
  token_out: TokenRef("the symbol or address of the token bought"),
  fee: FeeEnum,
  amount_in: amountUnion({ description: "token_in to sell exactly, in human units", example: "100" }),
  max_slippage_percent: slippage,
}).meta({ id: "UniswapSellExactlyRequest" });
export const UniswapBuyExactlyTransactionResponse = z
  .object({
    transaction: UnsignedTransaction,
    amount_in_quote: z
      .string()
      .describe("token_in the quote takes; at most max_slippage_percent more is spent"),
  })
  .meta({ id: "UniswapBuyExactlyTransactionResponse" });
export const UniswapSellExactlyTransactionResponse = z
  .object({
    transaction: UnsignedTransaction,
    amount_out_quote: z
      .string()
      .describe("token_out the quote gives; at least it less max_slippage_percent arrives"),
  })
  .meta({ id: "UniswapSellExactlyTransactionResponse" });

const amount = (what: string) => amountUnion({ description: what, example: "1", positive: false });
export const UniswapMintLiquidityProvisionRequest = v1Write("UNISWAP_MINT_LIQUIDITY_PROVISION", {
  token0: TokenRef("one token of the pair").meta({ examples: ["WETH"] }),
  token1: TokenRef("the other token of the pair").meta({ examples: ["USDC"] }),
  fee: FeeEnum.meta({ examples: ["0.05"] }),
  tick_lower: z
    .int()
    .describe("the range's lower tick (a multiple of the fee tier's tick spacing)")
    .meta({ examples: [-600] }),
  tick_upper: z
    .int()
    .describe("the range's upper tick")
    .meta({ examples: [600] }),
  amount0_desired: amount("token0 to add at most, human units"),
  amount1_desired: amount("token1 to add at most, human units"),
  amount0_min: amount("token0 to add at least (slippage bound)"),
  amount1_min: amount("token1 to add at least (slippage bound)"),
  recipient: Address.nullish().describe("who receives the position NFT (default: sender)"),
}).meta({ id: "UniswapMintLiquidityProvisionRequest" });
export const UniswapIncreaseLiquidityProvisionRequest = v1Write("UNISWAP_ADD_LIQUIDITY", {
  token_id: z
    .int()
    .min(0)
    .describe("the position NFT's id")
    .meta({ examples: [4318185] }),
  amount0_desired: amount("the position's token0 to add at most"),
  amount1_desired: amount("the position's token1 to add at most"),
  amount0_min: amount("token0 to add at least"),
  amount1_min: amount("token1 to add at least"),
}).meta({ id: "UniswapIncreaseLiquidityProvisionRequest" });
export const UniswapWithdrawLiquidityProvisionRequest = v1Write("UNISWAP_WITHDRAW_LIQUIDITY_PROVISION", {
  token_id: z
    .int()
    .min(0)
    .describe("the position NFT's id")
    .meta({ examples: [4318185] }),
  percentage_for_withdrawal: amountUnion({
    description: "percent of the position's liquidity to take out",
    example: "25",
  }),
}).meta({ id: "UniswapWithdrawLiquidityProvisionRequest" });

export const InRangeQuery = z.object({
  chain: V1Chain.default("arbitrum"),
  token_id: qInt({ min: 0, description: "the position NFT's id" }).default(4318185),
});
export const UniswapCheckInRangeResponse = z
  .object({ in_range: z.boolean().describe("the pool's tick is within the position's range: it earns fees") })
  .meta({ id: "UniswapCheckInRangeResponse" });

export const PositionsQuery = z.object({
  chain: V1Chain.default("arbitrum"),
  user: Address.describe("the positions' owner").default("0x29F20a192328eF1aD35e1564aBFf4Be9C5ce5f7B"),
});
const bigInt = z.union([z.int(), z.string()]).describe("an integer; a decimal string beyond 2^53");
export const UniswapLPPositionsInfoResponse = z
  .object({
    positions: z.record(
      z.string().describe("the position NFT's id"),
      z
        .object({
          nonce: bigInt,
          operator: z.string(),
          token0: z.string(),
          token1: z.string(),
          fee: z.int().describe("the fee tier in hundredths of a basis point (500 = 0.05 %)"),
          tick_lower: z.int(),
          tick_upper: z.int(),
          liquidity: bigInt,
          fee_growth_inside0_last_x128: bigInt,
          fee_growth_inside1_last_x128: bigInt,
          tokens_owed0: bigInt,
          tokens_owed1: bigInt,
          lp_token_address: z.string().nullable().optional().describe("the position manager holding the NFT"),
        })
        .meta({ id: "UniswapPositionsSolidityResponse" }),
    ),
  })
  .meta({ id: "UniswapLPPositionsInfoResponse" });
