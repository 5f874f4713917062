/**
 * Wire schemas of the v1 Pendle group (spec v1-capabilities.md §4): Pendle v2 markets read from the chain (the
 * market, its SY, PT and YT, Pendle's static router), a wallet's positions, and trades the wallet signs through
 * Pendle's router. The market list and positions keep the camelCase of Pendle's own API they mirror (ids as
 * `<chainId>-<address>`, rates as fractions); the single market read is snake_case with its APY in percent.
 */
import { z } from "zod";
import { Address, amountUnion, TokenRef, UnsignedTransaction } from "../../kernel/schemas/common.ts";
import { V1Chain, v1Block, v1Write } from "../../kernel/schemas/v1.ts";

/** The reference's example market and user (its docs and clients default to them). */
const EXAMPLE_MARKET = "0x46d62a8dede1bf2d0de04f2ed863245cbba5e538";
const EXAMPLE_USER = "0x68C314e30b543a35819e5625da563E6Da65D5dd4";

export const MarketsQuery = z.object({ chain: V1Chain.default("arbitrum") });

const iso = z.string().describe("ISO 8601 date-time (UTC)");
export const PendleListMarketsResponse = z
  .object({
    markets: z.array(
      z
        .object({
          name: z.string().describe("the market's underlying, as Pendle names markets"),
          address: z.string(),
          expiry: iso.describe("when PT converges to par and trading stops"),
          pt: z.string().describe("`<chainId>-<address>`"),
          yt: z.string().describe("`<chainId>-<address>`"),
          sy: z.string().describe("`<chainId>-<address>`"),
          underlyingAsset: z.string().describe("the SY's yield-bearing token, `<chainId>-<address>`"),
          details: z
            .object({
              liquidity: z.number().describe("USD in the pool: SY at its rate plus PT at its price"),
              pendleApy: z.number().describe("PENDLE incentives (fraction a year); 0 without a gauge"),
              impliedApy: z.number().describe("the fixed yield PT locks in (fraction a year)"),
              feeRate: z.number().describe("the market's swap fee on the implied rate (fraction a year)"),
              movement10Percent: z
                .object({
                  ptMovementUpUsd: z.number().nullish(),
                  ptMovementDownUsd: z.number().nullish(),
                  ytMovementUpUsd: z.number().nullish(),
                  ytMovementDownUsd: z.number().nullish(),
                })
                .nullish()
                .meta({ id: "Movement10Percent" }),
              yieldRange: z
                .object({ min: z.number(), max: z.number() })
                .describe("the underlying's APY (fraction) over the last day and week: lower and higher")
                .meta({ id: "YieldRange" }),
              aggregatedApy: z
                .number()
                .describe(
                  "an LP's yield (fraction a year): PT's implied APY and SY's own, by their share of the pool",
                ),
              maxBoostedApy: z.number().describe("aggregatedApy at the highest PENDLE boost"),
            })
            .meta({ id: "Details" }),
          isNew: z.boolean().describe("created within the last 14 days"),
          isPrime: z.boolean().describe("a market this deployment lists (not only one its factory created)"),
          timestamp: iso.describe("when the market was created"),
        })
        .meta({ id: "PendleMarket" }),
    ),
  })
  .meta({ id: "PendleListMarketsResponse" });

export const MarketQuery = z.object({
  chain: V1Chain.default("arbitrum"),
  block: v1Block(),
  market_address: Address.describe("a market of the deployment's Pendle market factory").default(
    EXAMPLE_MARKET,
  ),
  user_address: Address.nullish().describe("include this wallet's balances and claimable yield"),
});
const Erc20Data = z
  .object({ address: z.string(), symbol: z.string(), name: z.string(), decimals: z.int() })
  .meta({ id: "Erc20Data" });
export const PendleGetMarketResponse = z
  .object({
    market_address: z.string(),
    implied_apy: z.string().describe("percent a year PT locks in at the block; 0 once expired"),
    maturity_date: iso,
    tokens: z
      .object({
        underlying_token: Erc20Data.describe("the SY's yield-bearing token"),
        sy: Erc20Data,
        pt: Erc20Data,
        yt: Erc20Data,
        accounting_asset: Erc20Data.nullable().describe("what PT redeems into at maturity"),
      })
      .meta({ id: "MarketTokens" }),
    user_position: z
      .object({
        claimable_yield: z
          .string()
          .describe("SY the wallet's YT has earned and not claimed, net of Pendle's fee"),
        sy_balance: z.string(),
        pt_balance: z.string(),
        yt_balance: z.string(),
        lp_balance: z.string(),
        underlying_token_balance: z.string(),
        accounting_asset_balance: z.string().nullish(),
      })
      .nullish()
      .meta({ id: "PendleMarketUserPosition" }),
  })
  .meta({ id: "PendleGetMarketResponse" });

export const PositionsQuery = z.object({
  chain: V1Chain.default("arbitrum"),
  user_address: Address.describe("the wallet whose positions to list").default(EXAMPLE_USER),
});
const TokenBalance = z
  .object({ valuation: z.number().describe("USD"), balance: z.string().describe("human units") })
  .meta({ id: "PendleTokenBalance" });
const OpenPosition = z
  .object({
    marketId: z.string().describe("`<chainId>-<address>`"),
    pt: TokenBalance,
    yt: TokenBalance,
    lp: z
      .object({
        valuation: z.number(),
        balance: z.string(),
        activeBalance: z.string().describe("the LP that counts for incentives (the gauge's active balance)"),
      })
      .meta({ id: "LpBalance" }),
  })
  .meta({ id: "OpenPosition" });
export const PendleListUserPositionsResponse = z
  .object({
    positions: z.array(
      z
        .object({
          chainId: z.int(),
          totalOpen: z.int(),
          totalClosed: z.int(),
          totalSy: z.int(),
          openPositions: z.array(OpenPosition),
          closedPositions: z
            .array(OpenPosition)
            .describe("markets the wallet held PT, YT or LP of and holds none now"),
          syPositions: z
            .array(z.object({ syId: z.string(), balance: z.string() }).meta({ id: "SyPosition" }))
            .describe("SY held directly"),
          updatedAt: iso,
        })
        .meta({ id: "PendlePosition" }),
    ),
  })
  .meta({ id: "PendleListUserPositionsResponse" });

/** `x-contract`: what the address must hold (clients and the hostile-input generator read it) */
const market = Address.describe("the Pendle market").meta({ "x-contract": "pendle-market" });
const slippage = z
  .number()
  .gt(0)
  .max(50)
  .describe("percent the output may fall short of the quote (1 = 1 %)");
const TradeAction = z
  .enum(["BUY", "SELL"])
  .describe("`BUY` with `token`, or `SELL` for it")
  .meta({ id: "PendleTradeAction" });
export const PendleTradePtRequest = v1Write("PENDLE_TRADE_PT", {
  market_address: market,
  action: TradeAction,
  token: TokenRef(
    "what pays for PT (BUY) or what the sale pays out in (SELL): a token the market's SY takes",
  ),
  amount_in: amountUnion({
    description: "BUY: `token` to pay; SELL: PT to sell (human units)",
    example: "100",
  }),
  max_slippage_percent: slippage,
}).meta({ id: "PendleTradePtRequest" });
export const PendleTradeYtRequest = v1Write("PENDLE_TRADE_YT", {
  market_address: market,
  action: TradeAction,
  token: TokenRef(
    "what pays for YT (BUY) or what the sale pays out in (SELL): a token the market's SY takes",
  ),
  amount_in: amountUnion({
    description: "BUY: `token` to pay; SELL: YT to sell (human units)",
    example: "100",
  }),
  max_slippage_percent: slippage,
}).meta({ id: "PendleTradeYtRequest" });
export const PendleManageLiquidityRequest = v1Write("PENDLE_MANAGE_LIQUIDITY", {
  market_address: market,
  action: z
    .enum(["SUPPLY", "WITHDRAW"])
    .describe("`SUPPLY` `token` for LP, or `WITHDRAW` LP into `token`")
    .meta({ id: "PendleLiquidityAction" }),
  token: TokenRef(
    "what is added (SUPPLY) or what the LP is paid out in (WITHDRAW): a token the market's SY takes",
  ),
  amount_in: amountUnion({
    description: "SUPPLY: `token` to add; WITHDRAW: LP to redeem (human units)",
    example: "100",
  }),
  max_slippage_percent: slippage,
}).meta({ id: "PendleManageLiquidityRequest" });
export const PendleRedeemYieldRequest = v1Write("PENDLE_REDEEM_YIELD", {
  market_address: market,
}).meta({ id: "PendleRedeemYieldRequest" });

export const PendleTxResponse = z
  .object({
    transaction: UnsignedTransaction,
    amount_out_quote: z
      .string()
      .describe(
        "what the trade returns at the quote (human units); it returns at least this less the slippage",
      ),
  })
  .meta({ id: "PendleTxResponse" });
