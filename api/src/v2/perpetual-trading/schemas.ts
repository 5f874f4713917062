/** Wire shapes shared by the perpetual-trading operations (spec perpetual-trading.md §2). */
import type { Hex } from "viem";
import { z } from "zod";
import {
  Address,
  bigIntField,
  decimalString,
  qInt,
  qNumber,
  SafeInt,
  TypedData,
  UnsignedTransaction,
} from "../../kernel/schemas/common.ts";

const id = (name: string) => `PerpetualTrading${name}`;

/** Bare ticker as the spec takes it; `xyz:`-prefixed names and any case are accepted too. */
export const Asset = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^([a-z0-9]+:)?[A-Za-z0-9]+$/, "Input should be a ticker such as AAPL, GOLD or EUR")
  .meta({ description: "ticker, e.g. AAPL, GOLD, EUR (the `xyz:` prefix is optional)", examples: ["AAPL"] });

export const Side = z.enum(["buy", "sell"]).meta({ id: id("Side") });

export const Builder = z
  .object({
    address: Address.describe(
      "fee recipient; must not be the zero address and must hold ≥ 100 USDC at the venue",
    ),
    max_fee_rate: z
      .string()
      .trim()
      .regex(/^[0-9]+(\.[0-9]+)?%$/, 'Input should be a percentage ending in "%", e.g. "0.01%"')
      .describe('fee rate in percent with a trailing "%", at most "0.1%" on orders, e.g. "0.01%"'),
  })
  .meta({ id: id("Builder") });

export const SignableAction = z
  .object({
    typed_data: TypedData.describe("EIP-712 payload to sign with eth_signTypedData_v4"),
    action: z.record(z.string(), z.unknown()).describe("raw venue action; send back unchanged to /execute"),
    nonce: z.int().describe("millisecond timestamp the action was hashed with; send back unchanged"),
  })
  .meta({ id: id("SignableActionResponse") });

export const Position = z
  .object({
    asset: z.string(),
    asset_id: z.int().describe("venue asset index (`a` in actions)"),
    side: z.enum(["long", "short"]),
    size: z.string().describe("contracts (absolute)"),
    entry_price: z.string(),
    mark_price: z.string(),
    liquidation_price: z.string().nullable().describe("estimate; null when the account cannot be liquidated"),
    unrealized_pnl: z.string().describe("USD"),
    leverage: z.string(),
    margin_used: z.string().describe("USD"),
    funding_accrued: z.string().describe("cumulative funding since open; negative = paid"),
  })
  .meta({ id: id("Position") });

export const Fill = z
  .object({
    asset: z.string(),
    side: Side,
    price: z.string(),
    size: z.string().describe("contracts"),
    fee: z.string().describe("USDC, builder fee included"),
    builder_fee: z.string().nullable().describe("USDC part of `fee` paid to the builder"),
    closed_pnl: z.string().nullable().describe("realised USDC (before fees)"),
    order_id: z.int(),
    time_ms: z.int(),
  })
  .meta({ id: id("Fill") });

export const OpenOrder = z
  .object({
    asset: z.string(),
    side: Side,
    limit_price: z.string(),
    size: z.string().describe("remaining contracts"),
    order_id: z.int(),
    time_ms: z.int(),
    reduce_only: z.boolean(),
    trigger_price: z
      .string()
      .optional()
      .describe("Compass extension: a take profit or stop loss waiting for the mark to reach this price"),
    tpsl: z.enum(["tp", "sl"]).optional().describe("Compass extension: which, when `trigger_price` is set"),
  })
  .meta({ id: id("OpenOrder") });

export const LeverageResponse = z
  .object({
    leverage_ok: z.boolean().describe("true = already at target; nothing to sign"),
    typed_data: TypedData.nullable(),
    action: z.record(z.string(), z.unknown()).nullable(),
    nonce: z.int().nullable(),
  })
  .meta({ id: id("LeverageResponse") });

/**
 * The chain id a user-signed action is signed for (its `signatureChainId` and the typed data's
 * `domain.chainId`). Compass extension: browser wallets sign typed data only for their active chain, so a
 * client passes it; the venue accepts any. Default 421614 (`0x66eee`), as the venue's own front end signs.
 */
export const SIGNATURE_CHAIN_ID_DEFAULT = 421614;
export const SignatureChainId = SafeInt.min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .default(SIGNATURE_CHAIN_ID_DEFAULT)
  .meta({
    description:
      "Compass extension: chain id the wallet signs for (its active chain; sets `signatureChainId` and `domain.chainId`). Default 421614",
    examples: [42161],
  });

/** Compass extension: a take profit or stop loss, a trigger order at the venue. */
export const TpSl = z
  .object({
    trigger_price: decimalString({
      description: "USD; fires when the mark price reaches it",
      example: "250",
    }),
    limit_price: decimalString({
      description: "USD limit once triggered; absent or null: a market order (the venue's 10% band)",
      example: "249",
    })
      .nullable()
      .optional(),
  })
  .meta({ id: id("TpSl") });

/** Compass extension: the optional take profit and stop loss of an order or a position. */
export const TpSlFields = {
  take_profit: TpSl.nullable()
    .optional()
    .describe("Compass extension: close the position at a profit when the mark reaches trigger_price"),
  stop_loss: TpSl.nullable()
    .optional()
    .describe("Compass extension: close the position at a loss when the mark reaches trigger_price"),
};

export const OwnerAsset = {
  owner: Address.describe("user EOA (the venue account)"),
  asset: Asset,
};

/** USDC amounts in human units, 6 decimals at most. */
export const Usdc = (description: string, example: string) =>
  decimalString({ maxDecimals: 6, description, example });

/** A 65-byte ECDSA signature as wallets return it, with or without 0x. */
export const HexSignature = (description: string) =>
  z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{130}$/, "Input should be a 65-byte hex signature")
    .transform((s) => (s.startsWith("0x") ? s : `0x${s}`) as Hex)
    .meta({ description });

export const OrderSize = decimalString({
  description: "contracts, human units (a multiple of the market's size step)",
  example: "0.5",
});

export const ClientOrderId = bigIntField({
  max: 2n ** 128n - 1n,
  format: "uint128",
  description: "caller's id for the order, uint128 (sent to the venue as its 16-byte cloid)",
});

/** An owner's signed deposit permit, for a sponsor wallet to relay (deposit/sponsor_prepare). */
export const SponsoredDepositRequest = z
  .object({
    owner: Address.describe("permit signer (Arbitrum EOA)"),
    amount_raw: SafeInt.min(1).describe("as returned by /deposit"),
    deadline: SafeInt.min(0).describe("permit.message.deadline (unix s)"),
    signature: HexSignature("owner's permit signature, 65-byte hex, with or without 0x"),
    sender: Address.describe("sponsor wallet that will broadcast (sets `from` and nonce)"),
  })
  .meta({ id: "PerpetualTradingSponsorPrepareRequest" });

/* ── Requests and responses of the operations ── */

export const PositionsQuery = z.object({
  owner: Address.describe("user EOA (the venue account)"),
  asset: Asset.optional().describe("only this ticker"),
});

export const PositionsResponse = z
  .object({
    positions: z.array(Position),
    account_value: z.string().optional().describe("USD: margin + unrealized PnL"),
    withdrawable: z.string().optional().describe("USDC that can be withdrawn now"),
  })
  .meta({ id: "PerpetualTradingPositionsResponse" });

/** The sections of an activity answer. */
export const ACTIVITY_SECTIONS = ["positions", "fills", "open_orders", "builder_approval"] as const;

export const ActivityResponse = z
  .object({
    owner: z.string().describe("queried address, checksummed"),
    positions: z.array(Position).nullable().describe("null if that section failed"),
    account_value: z.string().nullable(),
    withdrawable: z.string().nullable(),
    fills: z.array(Fill).nullable().describe("recent fills, newest first; null on failure"),
    open_orders: z.array(OpenOrder).nullable().describe("resting orders; null on failure"),
    builder_approval: z
      .object({ builder: z.string(), max_fee_tenth_bps: z.int(), approved: z.boolean() })
      .nullable()
      .optional()
      .describe("only when `builder` was passed; null on failure"),
    partial_errors: z
      .array(z.object({ section: z.enum(ACTIVITY_SECTIONS), message: z.string() }))
      .optional()
      .describe("one entry per failed section"),
  })
  .meta({ id: "PerpetualTradingActivityResponse" });

export const ActivityQuery = z.object({
  owner: Address.describe("user EOA (the venue account)"),
  builder: Address.optional().describe("also report this builder's fee approval"),
});

/** The candle intervals the venue serves. */
export const CandleInterval = z.enum(["1m", "5m", "15m", "1h", "4h", "1d", "1w"]);

export const Candle = z
  .object({
    time: z.int().describe("candle open, unix seconds"),
    open: z.string(),
    high: z.string(),
    low: z.string(),
    close: z.string(),
    volume: z.string().describe("base units"),
    trades: z.int(),
  })
  .meta({ id: "PerpetualTradingCandle" });

export const CandlesResponse = z
  .object({ symbol: z.string(), interval: z.string(), candles: z.array(Candle) })
  .meta({ id: "PerpetualTradingCandlesResponse" });

export const CandlesQuery = z.object({
  symbol: Asset.describe("ticker, e.g. AAPL (the `xyz:` prefix is added when absent)"),
  interval: CandleInterval,
  limit: qInt({
    min: 1,
    description: "number of candles (max 5000; larger values are clamped)",
  }).optional(),
  start_time: qInt({ min: 0, description: "window start, unix ms" }).optional(),
  end_time: qInt({ min: 0, description: "window end, unix ms (default now)" }).optional(),
});

export const BookLevel = z
  .object({
    price: z.string(),
    size: z.string().describe("contracts resting at this price"),
    orders: z.int().describe("number of orders at this price"),
  })
  .meta({ id: "PerpetualTradingBookLevel" });

export const OrderBookResponse = z
  .object({
    asset: z.string(),
    time_ms: z.int().describe("the venue's snapshot time, ms epoch"),
    bids: z.array(BookLevel).describe("best (highest) first"),
    asks: z.array(BookLevel).describe("best (lowest) first"),
    mid_price: z.string().nullable().describe("(best bid + best ask) / 2; null when a side is empty"),
    spread: z.string().nullable().describe("best ask − best bid; null when a side is empty"),
  })
  .meta({ id: "PerpetualTradingOrderBookResponse" });

export const OrderBookQuery = z.object({
  asset: Asset,
  sig_figs: qInt({
    min: 2,
    max: 5,
    description: "group levels to this many significant figures (2–5; default: every tick)",
  }).optional(),
});

export const Category = z.enum(["stock", "commodity", "forex"]).meta({ id: "PerpetualTradingCategory" });

export const Opportunity = z
  .object({
    asset: z.string().describe("ticker, e.g. AAPL"),
    asset_id: z.int().describe("venue asset index (`a` in actions)"),
    category: Category,
    mark_price: z.string(),
    oracle_price: z.string(),
    open_interest: z.string().describe("USD notional open (open contracts × mark)"),
    volume_24h: z.string().describe("USD traded over the last 24 h"),
    funding_rate: z.string().describe("hourly funding rate as the venue states it"),
    max_leverage: z.int(),
    sz_decimals: z.int().describe("decimals allowed in order sizes"),
  })
  .meta({ id: "PerpetualTradingOpportunity" });

const SORT_KEYS = ["open_interest", "volume_24h", "funding_rate"] as const;

export const OpportunitiesQuery = z.object({
  min_open_interest: qNumber({ description: "USD floor on open interest" })
    .pipe(z.number().min(0))
    .optional(),
  min_volume_24h: qNumber({ description: "USD floor on 24 h volume" }).pipe(z.number().min(0)).optional(),
  category: Category.optional(),
  sort_by: z.enum(SORT_KEYS).default("open_interest"),
  sort_order: z.enum(["asc", "desc"]).default("desc"),
});

export const OpportunitiesResponse = z
  .object({ opportunities: z.array(Opportunity) })
  .meta({ id: "PerpetualTradingOpportunitiesResponse" });

export const DepositRequest = z
  .object({
    owner: Address.describe("user EOA on Arbitrum; signs the permit and is credited at the venue"),
    amount: Usdc("USDC in human units", "1000.0"),
  })
  .meta({ id: "PerpetualTradingDepositRequest" });

export const DepositResponse = z
  .object({
    permit: TypedData.describe("ERC-20 Permit typed data (spender = Bridge2, value = amount_raw)"),
    amount_raw: z.int().describe("USDC in 6-decimal raw units"),
    destination: z.string().describe("address credited at the venue (= owner)"),
  })
  .meta({ id: "PerpetualTradingDepositResponse" });

export const SponsorPrepareResponse = z
  .object({ transaction: UnsignedTransaction })
  .meta({ id: "PerpetualTradingSponsorPrepareResponse" });

export const EnableUnifiedAccountRequest = z
  .object({
    owner: Address.describe("user EOA (the venue account)"),
    signature_chain_id: SignatureChainId,
  })
  .meta({ id: "PerpetualTradingEnableUnifiedAccountRequest" });

export const EnableUnifiedAccountResponse = z
  .object({
    mode: z.string().describe('current account mode, e.g. "default", "unifiedAccount", "portfolioMargin"'),
    typed_data: TypedData.nullable(),
    action: z.record(z.string(), z.unknown()).nullable(),
    nonce: z.int().nullable(),
  })
  .meta({ id: "PerpetualTradingEnableUnifiedAccountResponse" });

export const ApproveBuilderFeeRequest = z
  .object({
    owner: Address.describe("user EOA (the venue account)"),
    builder: Builder,
    signature_chain_id: SignatureChainId,
  })
  .meta({ id: "PerpetualTradingApproveBuilderFeeRequest" });

export const EnsureLeverageRequest = z
  .object(OwnerAsset)
  .meta({ id: "PerpetualTradingEnsureLeverageRequest" });

export const SetLeverageRequest = z
  .object({
    ...OwnerAsset,
    leverage: z.int().min(1).nullable().optional().describe("multiplier; default the asset's maximum"),
    margin_mode: z
      .enum(["cross", "isolated"])
      .optional()
      .describe(
        "Compass extension: `cross` (default: the account's whole balance backs the position) or `isolated` (only the margin put up for it)",
      ),
  })
  .meta({ id: "PerpetualTradingSetLeverageRequest" });

export const MarketOrderRequest = z
  .object({
    ...OwnerAsset,
    side: Side,
    size: OrderSize,
    slippage_percent: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe("price band around the mark, percent (0–100)"),
    reduce_only: z.boolean().optional().describe("only reduce an existing position"),
    ...TpSlFields,
    builder: Builder.nullable().optional().describe("attach a builder fee (approved beforehand)"),
  })
  .meta({ id: "PerpetualTradingMarketOrderRequest" });

export const LimitOrderRequest = z
  .object({
    ...OwnerAsset,
    side: Side,
    size: OrderSize,
    price: decimalString({ description: "limit price, human units", example: "231.5" }),
    time_in_force: z.enum(["gtc", "alo"]).optional().describe("gtc (default) or alo (post-only)"),
    reduce_only: z.boolean().optional(),
    client_order_id: ClientOrderId.nullable().optional(),
    ...TpSlFields,
    builder: Builder.nullable().optional(),
  })
  .meta({ id: "PerpetualTradingLimitOrderRequest" });

export const PositionTpslRequest = z
  .object({ ...OwnerAsset, ...TpSlFields })
  .meta({ id: "PerpetualTradingPositionTpslRequest" });

export const CancelOrderRequest = z
  .object({
    ...OwnerAsset,
    order_id: SafeInt.min(0).nullable().optional().describe("venue oid"),
    client_order_id: ClientOrderId.nullable().optional().describe("alternative to order_id"),
  })
  .meta({ id: "PerpetualTradingCancelOrderRequest" });

export const WithdrawRequest = z
  .object({
    owner: Address.describe("user EOA (the venue account)"),
    amount: Usdc("USDC in human units, the $1 fee included", "500.0"),
    destination: Address.nullable().optional().describe("Arbitrum address paid (default owner)"),
    signature_chain_id: SignatureChainId,
  })
  .meta({ id: "PerpetualTradingWithdrawRequest" });

export const ExecuteRequest = z
  .object({
    // A record keeps the keys in the order they came: the venue hashes the action as sent.
    action: z
      .record(z.string(), z.unknown())
      .refine(
        (a) => typeof a.type === "string" && a.type !== "",
        "Input should be a venue action with a `type`",
      )
      .describe("the `action` from the prepare operation, unchanged"),
    nonce: SafeInt.min(0).describe("the `nonce` from the prepare operation"),
    signature: HexSignature("owner's EIP-712 signature over typed_data, 65-byte hex"),
    vault_address: Address.nullable().optional().describe("venue vault or sub-account to act for"),
  })
  .meta({ id: "PerpetualTradingExecuteRequest" });

export const ExecuteResponse = z
  .object({
    status: z.enum(["ok", "error"]),
    response: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'the venue\'s reply, e.g. {"type":"order","data":{"statuses":[{"resting":{"oid":123}}]}}; on "error", {"error": "<reason>"}',
      ),
  })
  .meta({ id: "PerpetualTradingExecuteResponse" });
