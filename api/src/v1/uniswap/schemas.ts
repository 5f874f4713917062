/**
 * Wire schemas of the v1 Uniswap V3 group (spec v1-capabilities.md §7): quotes and the pool price read from the
 * real contracts (QuoterV2, the pool), swaps through SwapRouter and positions through the NonfungiblePositionManager,
 * each a transaction for `sender`. `fee` is the pool's fee tier in percent.
 */
import { z } from "zod";
import { Address, amountUnion, qInt, TokenRef, UnsignedTransaction } from "../../kernel/schemas/common.ts";
import {
  increaseAmounts,
  mintAmounts,
  positionRecord,
  withdrawShare,
} from "../../kernel/schemas/liquidity.ts";
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
  ...mintAmounts(),
}).meta({ id: "UniswapMintLiquidityProvisionRequest" });
export const UniswapIncreaseLiquidityProvisionRequest = v1Write("UNISWAP_ADD_LIQUIDITY", {
  token_id: z
    .int()
    .min(0)
    .describe("the position NFT's id")
    .meta({ examples: [4318185] }),
  ...increaseAmounts(),
}).meta({ id: "UniswapIncreaseLiquidityProvisionRequest" });
export const UniswapWithdrawLiquidityProvisionRequest = v1Write("UNISWAP_WITHDRAW_LIQUIDITY_PROVISION", {
  token_id: z
    .int()
    .min(0)
    .describe("the position NFT's id")
    .meta({ examples: [4318185] }),
  ...withdrawShare(),
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
export const UniswapLPPositionsInfoResponse = z
  .object({
    positions: z.record(
      z.string().describe("the position NFT's id"),
      z
        .object(
          positionRecord(
            { fee: z.int().describe("the fee tier in hundredths of a basis point (500 = 0.05 %)") },
            {
              lp_token_address: z
                .string()
                .nullable()
                .optional()
                .describe("the position manager holding the NFT"),
            },
          ),
        )
        .meta({ id: "UniswapPositionsSolidityResponse" }),
    ),
  })
  .meta({ id: "UniswapLPPositionsInfoResponse" });
