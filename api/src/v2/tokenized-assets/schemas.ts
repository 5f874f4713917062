/** Wire schemas of the tokenized-assets operations (spec tokenized-assets.md §1–§3). */

import { ASSET_CLASSES, PROVIDERS } from "@compass/constants";
import { z } from "zod";
import {
  Address,
  amountUnion,
  Chain,
  TokenRef,
  TypedData,
  UnsignedTransaction,
} from "../../kernel/schemas/common.ts";
import {
  balancesResponse,
  createAccountFields,
  createAccountResponse,
  transferFields,
  transferResponse,
} from "../../product-accounts/index.ts";
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

export { TokenBalance, TokenTransfer, TransferAction } from "../../product-accounts/index.ts";

/* ── Equity order flow (spec §4): quote → order → sign → order/submit → order/{hash} ── */

export const EquityQuoteRequest = z
  .object({
    from_token: TokenRef(
      "what the account gives: USDC (buy) or the equity (sell); symbol, USDC or 0x address",
    ),
    to_token: TokenRef("what the account receives: the equity (buy, e.g. TSLAon) or USDC (sell)"),
    amount: z.string().trim().min(1).max(64).describe("human units of from_token"),
    owner: Address.describe("owner wallet of the Tokenized Assets Account (the order's maker)"),
  })
  .meta({ id: "TokenizedAssetsQuoteRequest" });

export const TokenAmount = z
  .object({
    symbol: z.string(),
    contract_address: z.string(),
    amount: z.string().describe("human units"),
    amount_usd: z.string().nullable(),
  })
  .meta({ id: "TokenizedAssetsTokenAmount" });

export const EquityQuote = z
  .object({
    input: TokenAmount,
    output: TokenAmount.describe("the auction's start amount (the relay's reference output)"),
    fee: z.object({ amount_usd: z.string().nullable(), bps: z.int().nullable() }),
    est_fill_seconds: z.int().describe("upper bound"),
  })
  .meta({ id: "TokenizedAssetsQuote" });

export const EquityQuoteResponse = z
  .object({
    quote: EquityQuote,
    recommended_slippage_bps: z
      .int()
      .describe("the auction range plus a buffer (≤ 5000); echo as slippage_bps"),
    auction_range_bps: z.int().describe("worst-case gap between the auction's end and its start amount"),
  })
  .meta({ id: "TokenizedAssetsQuoteResponse" });

export const EquityOrderRequest = EquityQuoteRequest.extend({
  slippage_bps: z
    .int()
    .min(1)
    .max(5000)
    .default(50)
    .describe(
      "how far below the quoted output the order may fill, basis points (use recommended_slippage_bps)",
    ),
}).meta({ id: "TokenizedAssetsOrderRequest" });

export const LimitOrderMessage = z
  .object({
    salt: z.string(),
    maker: z.string(),
    receiver: z.string(),
    makerAsset: z.string(),
    takerAsset: z.string(),
    makingAmount: z.string(),
    takingAmount: z.string(),
    makerTraits: z.string(),
  })
  .meta({
    id: "TokenizedAssetsOrderMessage",
    description:
      "1inch Limit Order Protocol v4 order struct (uint256 values as decimal strings); pass back verbatim",
  });

export const EquityOrderResponse = z
  .object({
    quote: EquityQuote,
    approval_safe_tx_eip712: TypedData.nullable().describe(
      "SafeTx granting the settlement contract an unlimited allowance of from_token; null when the allowance covers amount",
    ),
    order: z.object({
      order_hash: z.string(),
      extension: z.string().describe("opaque hex; pass back unchanged"),
      quote_id: z.string().describe("the relay's quote id; pass back unchanged"),
      order_message: LimitOrderMessage,
      safe_message_eip712: TypedData.describe(
        "what the owner signs (eth_signTypedData_v4); message.message = order_hash",
      ),
    }),
  })
  .meta({ id: "BuildOrderResponse" });

const hexString = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex")
    .describe(what);

const uintString = z.string().regex(/^[0-9]{1,78}$/, "must be a decimal integer string");
const addressString = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x address");

export const EquitySubmitRequest = z
  .object({
    signed_order: z
      .strictObject({
        salt: uintString,
        maker: addressString,
        receiver: addressString,
        makerAsset: addressString,
        takerAsset: addressString,
        makingAmount: uintString,
        takingAmount: uintString,
        makerTraits: uintString,
      })
      .describe("order.order_message, verbatim"),
    signature: hexString(
      "the owner's signature over safe_message_eip712 (validated by the account under ERC-1271)",
    ),
    extension: hexString("order.extension"),
    quote_id: z.string().trim().min(1).max(128).describe("order.quote_id"),
    order_hash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/)
      .nullish()
      .describe("order.order_hash (recommended: checked against signed_order)"),
  })
  .meta({ id: "TokenizedAssetsSubmitOrderRequest" });

export const EquitySubmitResponse = z
  .object({ order_hash: z.string(), submitted_at: z.string().describe("ISO-8601") })
  .meta({ id: "TokenizedAssetsSubmitOrderResponse" });

export const OrderHashParam = z.object({
  order_hash: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 32-byte 0x hash")
    .describe("the order's hash"),
});

export const EquityOrderStatus = z
  .object({
    order_hash: z.string(),
    status: z.enum(["pending", "filled", "expired", "cancelled"]),
    fill_tx_hash: z.string().nullable().describe("latest fill (also during partial fills)"),
    fill_price_usd: z.string().nullable().describe("average USD per equity share over the fills"),
    filled_amount: z.string().nullable().describe("raw integer, input-token decimals"),
    submitted_at: z.string().nullable().describe("ISO-8601"),
    updated_at: z.string().describe("ISO-8601, time of this read"),
  })
  .meta({ id: "OrderStatus" });

export const EquityCancelResponse = z
  .object({
    cancel_safe_tx_eip712: TypedData.describe("SafeTx of the account's cancelOrder; the owner signs"),
  })
  .meta({ id: "TokenizedAssetsCancelOrderResponse" });

export const ChargeFeeRequest = z
  .object({
    owner: Address.describe("owner wallet of the Tokenized Assets Account"),
    fee: Fee,
    gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
  })
  .meta({ id: "TokenizedAssetsChargeFeeRequest" });

export const ChargeFeeResponse = z
  .object({
    transaction: UnsignedTransaction.nullable(),
    eip_712: TypedData.nullable(),
    fee_amount: z.string().describe("USDC"),
    proceeds: z.string().describe("USDC the fee was computed on"),
  })
  .meta({ id: "ChargeFeeResponse" });

/* ── Requests and responses of the market, holdings and account operations ── */

/** GET /markets: filters that combine */
export const MarketsQuery = z.object({
  category: z.string().trim().max(64).nullish().describe("sector filter, e.g. treasuries, crypto, equities"),
  search: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .describe("case-insensitive substring of symbol, ticker or name"),
  provider: TokenizedAssetProvider.nullish(),
  asset_class: TokenizedAssetClass.nullish(),
  chain: Chain.nullish(),
});

export const MarketsResponse = z.object({ markets: z.array(Market) }).meta({ id: "MarketsResponse" });

/** GET /markets/{symbol} */
export const MarketParams = z.object({
  symbol: z.string().trim().min(1).max(64).describe("on-chain symbol, e.g. mTBILL"),
});

export const MarketQuery = z.object({
  chain: Chain.default("ethereum"),
  interval: OhlcInterval.optional(),
  range: OhlcRange.optional(),
});

export const BalancesResponse = balancesResponse("BalancesResponse", "tokenized_assets");

export const PositionsResponse = z
  .object({
    owner: z.string(),
    positions: z.array(Position),
    total_usd: z.string(),
    pnl: Pnl.nullable(),
    pending_orders: z.array(PendingOrder).describe("Ours: fund subscriptions/redemptions not yet settled"),
  })
  .meta({ id: "PositionsResponse" });

export const RedemptionsQuery = z.object({
  owner: Address.describe("owner wallet"),
  chain: Chain.nullish(),
  vault: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .nullish()
    .describe("fund symbol (e.g. SBGOV), vault handle (e.g. ixv1) or token address"),
});

export const RedemptionsResponse = z
  .object({ redemptions: z.array(Redemption) })
  .meta({ id: "RedemptionsResponse" });

export const CreateAccountRequest = z
  .object({ ...createAccountFields, chain: Chain.default("ethereum") })
  .meta({ id: "TokenizedAssetsCreateAccountRequest" });

export const CreateAccountResponse = createAccountResponse(
  "TokenizedAssetsCreateAccountResponse",
  "tokenized_assets",
);

export const TransferRequest = z
  .object(transferFields(Chain.default("ethereum"), TokenRef("symbol (USDC, a listed asset) or 0x address")))
  .meta({ id: "TokenizedAssetsTransferRequest" });

export const TransferResponse = transferResponse("TokenizedAssetsTransferResponse");

export const CancelOrderRequest = z
  .object({ owner: Address.describe("owner wallet; its account must be the order's maker") })
  .meta({
    id: "TokenizedAssetsCancelOrderRequest",
  });
