/**
 * Wire schemas of the v1 Aerodrome Slipstream group (spec v1-capabilities.md §7, base only): Slipstream's
 * concentrated-liquidity pools, keyed by tick spacing instead of a fee tier — the pool price, swaps through its
 * SwapRouter bounded by the caller's own minimum or maximum, and positions through its NonfungiblePositionManager.
 */
import { z } from "zod";
import { Address, amountUnion, qInt, TokenRef } from "../../kernel/schemas/common.ts";
import {
  increaseAmounts,
  jsonInteger,
  mintAmounts,
  positionRecord,
  withdrawShare,
} from "../../kernel/schemas/liquidity.ts";
import { v1Write } from "../../kernel/schemas/v1.ts";

export const BaseChain = z.enum(["base"]).meta({ id: "BaseChain" });
/** int24, positive: what CLFactory keys pools by */
const MAX_SPACING = 8_388_607;
const tickSpacing = z
  .int()
  .min(1)
  .max(MAX_SPACING)
  .describe("the pool's tick spacing (Slipstream's pool key: 1, 50, 100, 200 or 2000)")
  .meta({ examples: [100] });

export const PoolPriceQuery = z.object({
  chain: BaseChain.default("base"),
  token_in: TokenRef("the symbol or address of the token priced in").default("USDC"),
  token_out: TokenRef("the symbol or address of the token priced").default("WETH"),
  tick_spacing: qInt({ min: 1, max: MAX_SPACING, description: "the pool's tick spacing" }).default(100),
});
export const AerodromeSlipstreamPoolPriceResponse = z
  .object({
    token_in: z.string(),
    token_out: z.string(),
    price: z.string().describe("token_in per one token_out at the pool's current price"),
    tick: z.int(),
  })
  .meta({ id: "AerodromeSlipstreamPoolPriceResponse" });

export const AerodromeSlipstreamSellExactlyRequest = v1Write(
  "AERODROME_SLIPSTREAM_SELL_EXACTLY",
  {
    token_in: TokenRef("the symbol or address of the token sold"),
    token_out: TokenRef("the symbol or address of the token bought"),
    tick_spacing: tickSpacing,
    amount_in: amountUnion({ description: "token_in to sell exactly, in human units", example: "100" }),
    amount_out_minimum: amountUnion({
      description: "token_out to receive at least (default: the pool's quote less 0.5 %)",
      example: "0.03",
    }).optional(),
  },
  BaseChain,
).meta({ id: "AerodromeSlipstreamSellExactlyRequest" });
export const AerodromeSlipstreamBuyExactlyRequest = v1Write(
  "AERODROME_SLIPSTREAM_BUY_EXACTLY",
  {
    token_in: TokenRef("the symbol or address of the token sold"),
    token_out: TokenRef("the symbol or address of the token bought"),
    tick_spacing: tickSpacing,
    amount_out: amountUnion({ description: "token_out to buy exactly, in human units", example: "0.03" }),
    amount_in_maximum: amountUnion({
      description: "token_in to spend at most, in human units",
      example: "100",
    }),
  },
  BaseChain,
).meta({ id: "AerodromeSlipstreamBuyExactlyRequest" });

export const AerodromeSlipstreamMintLiquidityProvisionRequest = v1Write(
  "AERODROME_SLIPSTREAM_MINT_LIQUIDITY_PROVISION",
  {
    token0: TokenRef("one token of the pair").meta({ examples: ["WETH"] }),
    token1: TokenRef("the other token of the pair").meta({ examples: ["USDC"] }),
    tick_spacing: tickSpacing,
    tick_lower: z
      .int()
      .describe("the range's lower tick (a multiple of the tick spacing)")
      .meta({ examples: [-200100] }),
    tick_upper: z
      .int()
      .describe("the range's upper tick")
      .meta({ examples: [-192100] }),
    ...mintAmounts(),
  },
  BaseChain,
).meta({ id: "AerodromeSlipstreamMintLiquidityProvisionRequest" });
const tokenId = z
  .int()
  .min(0)
  .describe("the position NFT's id")
  .meta({ examples: [1] });
export const AerodromeSlipstreamIncreaseLiquidityProvisionRequest = v1Write(
  "AERODROME_SLIPSTREAM_INCREASE_LIQUIDITY_PROVISION",
  {
    token_id: tokenId,
    ...increaseAmounts(),
  },
  BaseChain,
).meta({ id: "AerodromeSlipstreamIncreaseLiquidityProvisionRequest" });
export const AerodromeSlipstreamWithdrawLiquidityProvisionRequest = v1Write(
  "AERODROME_SLIPSTREAM_WITHDRAW_LIQUIDITY_PROVISION",
  {
    token_id: tokenId,
    ...withdrawShare(),
  },
  BaseChain,
).meta({ id: "AerodromeSlipstreamWithdrawLiquidityProvisionRequest" });

export const PositionsQuery = z.object({
  chain: BaseChain.default("base"),
  user: Address.describe("the positions' owner").default("0x29F20a192328eF1aD35e1564aBFf4Be9C5ce5f7B"),
});
export const AerodromeLPPositionsResponse = z
  .object({
    positions: z.record(
      z.string().describe("the position NFT's id"),
      z
        .object(positionRecord({ tick_spacing: z.int() }, { token_id: jsonInteger() }))
        .meta({ id: "AerodromePosition" }),
    ),
  })
  .meta({ id: "AerodromeLPPositionsResponse" });
