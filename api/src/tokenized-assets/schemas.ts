/** Wire schemas of the tokenized-assets operations (spec tokenized-assets.md §1–§3). */

import { ASSET_CLASSES, PROVIDERS } from "@compass/constants";
import { z } from "zod";
import { Address, amountUnion, Chain, TokenRef, TypedData, UnsignedTransaction } from "../schemas/common.ts";
import { POLL_ENDPOINT } from "./domain/mmf.ts";

export const TokenizedAssetProvider = z.enum(PROVIDERS).meta({ id: "TokenizedAssetProvider" });
export const TokenizedAssetClass = z.enum(ASSET_CLASSES).meta({ id: "TokenizedAssetClass" });
export const Settlement = z.enum(["instant", "async"]).meta({ id: "Settlement" });
export const TradingState = z.enum(["OPEN", "CLOSED", "PAUSED", "LIMITED"]).meta({ id: "TradingState" });
export const OhlcInterval = z
  .enum(["1min", "5min", "15min", "1hour", "4hour", "12hour", "1day"])
  .meta({ id: "TokenizedAssetsOhlcInterval" });
export const OhlcRange = z
  .enum(["1day", "1month", "3month", "6month", "1year", "all"])
  .meta({ id: "TokenizedAssetsOhlcRange" });

export const TradingStatus = z
  .object({
    is_open: z.boolean(),
    state: TradingState,
    reason: z.string().nullable().describe("why it is not open (weekend, holiday, paused…)"),
    session: z
      .string()
      .nullable()
      .describe("US equity session (regular, premarket, …); null for 24/7 assets"),
    next_open: z.string().nullable().describe("ISO-8601"),
    next_close: z.string().nullable().describe("ISO-8601"),
  })
  .meta({ id: "TradingStatus" });

export const Market = z
  .object({
    symbol: z.string(),
    underlying_ticker: z.string(),
    name: z.string(),
    contract_address: z.string(),
    decimals: z.int(),
    current_price_usd: z.string(),
    change_24h_usd: z.string().nullable(),
    change_24h_pct: z.string().nullable().describe("percent"),
    sectors: z.array(z.string()),
    region_exposure: z.array(z.string()),
    provider: TokenizedAssetProvider,
    asset_class: TokenizedAssetClass,
    chain: Chain,
    apy_7d: z
      .string()
      .nullable()
      .describe('trailing 7-day annualised NAV growth as a fraction ("0.0512" = 5.12 %)'),
    apy_30d: z.string().nullable().describe("same over 30 days"),
    tvl_usd: z.string().nullable(),
    status: TradingStatus.nullable(),
    restricted_jurisdictions: z
      .array(z.string())
      .describe("ISO country codes where it must not be offered (informational; the API does not geo-block)"),
  })
  .meta({ id: "Market" });

export const PricePoint = z.object({ timestamp: z.string(), price: z.string() }).meta({ id: "PricePoint" });
export const Candle = z
  .object({ timestamp: z.string(), open: z.string(), high: z.string(), low: z.string(), close: z.string() })
  .meta({ id: "Candle" });

export const MarketDetail = Market.extend({
  price_history_24h: z.array(PricePoint),
  price_high_52w: z.string().nullable(),
  price_low_52w: z.string().nullable(),
  volume_24h: z.string().nullable().describe("USD traded on the venue in the last 24 h"),
  average_volume: z.string().nullable().describe("average daily USD volume over the last 30 days"),
  shares_outstanding: z.string().nullable(),
  market_cap: z.string().nullable(),
  total_holders: z.int().nullable(),
  tradable_sessions: z.array(z.string()),
  shares_multiplier: z.string().nullable(),
  candles: z.array(Candle).nullable(),
}).meta({ id: "MarketDetail" });

export const Pnl = z
  .object({
    total_deposited: z.string(),
    current_value: z.string(),
    unrealized_pnl: z.string(),
    realized_pnl: z.string(),
    total_pnl: z.string(),
    total_pnl_percent: z.string(),
  })
  .meta({ id: "Pnl" });

export const ActivityEvent = z
  .object({
    event_type: z.enum(["buy", "sell", "transfer_in", "transfer_out"]),
    block_number: z.int(),
    block_timestamp: z.string(),
    transaction_hash: z.string(),
    input_amount: z.string().nullable(),
    input_symbol: z.string().nullable(),
    output_amount: z.string().nullable(),
    output_symbol: z.string().nullable(),
    cost_per_unit: z.string().nullable(),
    realized_pnl: z.string().nullable(),
  })
  .meta({ id: "ActivityEvent" });

export const Position = z
  .object({
    symbol: z.string(),
    underlying_ticker: z.string(),
    name: z.string(),
    contract_address: z.string(),
    decimals: z.int(),
    balance: z.string().describe("human units"),
    current_price_usd: z.string().nullable(),
    balance_usd: z.string().nullable(),
    provider: TokenizedAssetProvider.nullable(),
    asset_class: TokenizedAssetClass.nullable(),
    chain: Chain.nullable(),
    pnl: Pnl.nullable(),
    events: z.array(ActivityEvent),
  })
  .meta({ id: "Position" });

export const Redemption = z
  .object({
    id: z.int().describe("request id"),
    status: z.enum(["pending", "finalized", "rejected", "unknown"]),
    shares: z
      .string()
      .describe("shares in the request, human units (estimated while a subscription is pending)"),
    expected_net_assets: z.string().nullable().describe("redemptions: USDC at the current NAV; pending only"),
    requested_at: z.int().describe("unix seconds"),
    processed_at: z.int().nullable().describe("unix seconds; null while pending"),
    kind: z.enum(["subscription", "redemption"]).describe("Ours: buy (subscription) or sell (redemption)"),
    vault: z.string().describe("Ours: the fund symbol or vault handle"),
    usdc_amount: z
      .string()
      .nullable()
      .describe("Ours: USDC paid in (subscription) or out (settled redemption)"),
    nav_per_share: z.string().nullable().describe("Ours: NAV the request settled at"),
    expected_settlement_at: z
      .int()
      .nullable()
      .describe(
        "Ours: the NAV cycle (cutoff) that settles it, unix seconds; null where the manager sets no fixed cycle (IXS vaults)",
      ),
    transaction_hash: z.string().nullable().describe("Ours: the transaction that filed the request"),
    settlement_transaction_hash: z
      .string()
      .nullable()
      .describe("Ours: the issuer's mint or payout, or the vault manager's finalisation"),
  })
  .meta({ id: "Redemption" });

const Fee = z
  .object({
    recipient: Address.describe("who receives the fee (USDC)"),
    amount: amountUnion({
      description: "percent of the proceeds (PERCENTAGE) or USDC (FIXED)",
      example: "0.5",
    }),
    denomination: z.enum(["PERCENTAGE", "FIXED"]).nullish().describe("default PERCENTAGE"),
  })
  .meta({ id: "TokenizedAssetsFee" });

const WisdomTreeCredentials = z
  .object({
    client_id: z.string().max(256),
    client_secret: z.string().max(512),
    username: z.string().max(256),
    password: z.string().max(512),
  })
  .meta({
    id: "WisdomTreeCredentials",
    description:
      "per-organisation issuer credentials; accepted for compatibility, never stored or logged (the sandbox does not need them)",
  });

export const TradeRequest = z
  .object({
    token_in: TokenRef("buy: USDC; sell: the asset (symbol or 0x address)"),
    token_out: TokenRef("buy: the asset; sell: USDC"),
    amount_in: amountUnion({ description: "human units of token_in" }),
    slippage: amountUnion({
      description: "tolerance in percent (default 0.5; 0 < slippage ≤ 50)",
      example: "0.5",
    }).optional(),
    owner: Address.describe("owner wallet of the Tokenized Assets Account"),
    chain: Chain,
    gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
    wisdomtree: WisdomTreeCredentials.nullish(),
    fee: Fee.nullish().describe("sell only: partner fee taken from the USDC proceeds in the same execution"),
  })
  .meta({ id: "TradeRequest" });

export const TradeResponse = z
  .object({
    transaction: UnsignedTransaction.nullable(),
    eip_712: TypedData.nullable(),
    estimated_amount_out: z.string().describe("human units of token_out (net of the fee on a sell)"),
    fee_amount: z.string().nullable().describe("USDC fee on a sell"),
    settlement: Settlement.nullable().describe(
      "instant, or async: the transaction only files a request settled later",
    ),
    poll_endpoint: z.string().nullable().describe(`for async trades: ${POLL_ENDPOINT}`),
    expected_settlement_at: z
      .string()
      .nullable()
      .describe(
        "Ours: for async trades, when the next NAV cycle settles it if mined before the cutoff (ISO-8601)",
      ),
  })
  .meta({ id: "TradeResponse" });

/** What buy and sell share besides their direction. */
export const TRADE_ERRORS = [
  {
    status: 422,
    description: "invalid request, account not whitelisted, balance too low, market closed…",
  },
];
export const TRADE_CLI = {
  short: { amount_in: "a", chain: "c", fee: "f", gas_sponsorship: "g", slippage: "s", wisdomtree: "w" },
};

export const HoldingsQuery = z.object({
  owner: Address.describe("owner wallet; the Tokenized Assets Account is derived from it"),
  chain: Chain.default("ethereum"),
});

export const PendingOrder = z
  .object({
    id: z.int(),
    symbol: z.string(),
    kind: z.enum(["subscription", "redemption"]),
    usdc_amount: z.string().nullable(),
    shares: z.string().nullable(),
    requested_at: z.int(),
    expected_settlement_at: z.int(),
    transaction_hash: z.string(),
  })
  .meta({ id: "PendingFundOrder" });

export { TokenBalance, TokenTransfer, TransferAction } from "../product-accounts/index.ts";
