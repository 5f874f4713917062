import type { OracleShock } from "./oracle.ts";

/**
 * Everything the venue knows, as one JSON-serializable value: the persistence layer saves it
 * whole and a restarted twin resumes from it. Amounts are integers — USDC in micro-dollars,
 * sizes in lots, prices in px units (see ticks.ts) — so a save/restore round trip is exact.
 */

export type Abstraction = "default" | "disabled" | "unifiedAccount" | "portfolioMargin" | "dexAbstraction";

export type Tif = "Gtc" | "Ioc" | "Alo" | "FrontendMarket" | "LiquidationMarket";

export type OrderStatus =
  | "open"
  | "filled"
  | "canceled"
  | "triggered"
  | "rejected"
  | "perpMarginRejected"
  | "siblingFilledCanceled"
  | "marginCanceled"
  | "selfTradeCanceled"
  | "reduceOnlyCanceled"
  | "liquidatedCanceled"
  | "iocCancelRejected";

export interface Position {
  /** signed lots: > 0 long, < 0 short */
  lots: number;
  /** cost basis of the open size, micro-USDC (always ≥ 0) */
  entryNtl: number;
  /** funding paid since the position opened / last changed size (micro-USDC, > 0 = paid) */
  fundingSinceOpen: number;
  fundingSinceChange: number;
  /**
   * Isolated positions only: the collateral set aside for this position (micro-USDC). It absorbs
   * the position's funding; realized PnL and fees settle with the cross balance as margin is released.
   */
  isoMargin?: number;
}

export interface Account {
  /** cash: deposits − withdrawals + realized PnL − fees ± funding (micro-USDC) */
  balance: number;
  /** true once a deposit was credited: the venue refuses actions from never-funded addresses */
  funded: boolean;
  positions: Record<string, Position>;
  /** per coin; absent = the default (cross, min(20, maxLeverage)) */
  leverage: Record<string, { type: "cross" | "isolated"; value: number }>;
  /** funding paid per coin over the account's life (micro-USDC, > 0 = paid) */
  fundingAllTime: Record<string, number>;
  abstraction: Abstraction;
  /** builder address → max fee in tenths of a basis point */
  builderFees: Record<string, number>;
  /** cumulative traded notional (micro-USDC) and exchange requests, for userRateLimit */
  cumVolume: number;
  requests: number;
  /** account value samples [time, micro] for portfolio history, at most one per hour */
  history: [number, number][];
}

export interface OrderRecord {
  oid: number;
  user: string;
  coin: string;
  side: "B" | "A";
  pxU: number;
  /** remaining lots (0 once terminal and fully filled) */
  lots: number;
  origLots: number;
  timestamp: number;
  tif: Tif;
  reduceOnly: boolean;
  cloid: string | null;
  builder: { b: string; f: number } | null;
  status: OrderStatus;
  statusTimestamp: number;
  /** trigger (TP/SL) orders: waits off the book until the mark price crosses `pxU` */
  trigger?: TriggerSpec;
  /** normalTpsl parent: its TP/SL children */
  children?: number[];
}

export interface TriggerSpec {
  /** trigger price, px units */
  pxU: number;
  isMarket: boolean;
  tpsl: "tp" | "sl";
  /** how it was placed: alone (na), as a child of the order before it (normalTpsl), or on the position */
  grouping: "na" | "normalTpsl" | "positionTpsl";
  /** normalTpsl: the parent order; the child waits until the parent has filled */
  parent?: number;
  /** TP/SL placed together: once one executes, the others are canceled (siblingFilledCanceled) */
  siblings?: number[];
  /** positionTpsl with size 0: closes whatever the position is when it triggers */
  wholePosition?: boolean;
  triggeredAt?: number;
}

type Hex = `0x${string}`;

/** Venue fill row, stored in wire form (see info/shapes.ts UserFill). */
export interface FillRow {
  coin: string;
  px: string;
  sz: string;
  side: "B" | "A";
  time: number;
  startPosition: string;
  dir: string;
  closedPnl: string;
  hash: Hex;
  oid: number;
  crossed: boolean;
  fee: string;
  tid: number;
  cloid?: Hex;
  liquidation?: { liquidatedUser: Hex; markPx: string; method: "market" | "backstop" };
  feeToken: string;
  twapId: null;
  builderFee?: string;
}

export interface FundingRow {
  time: number;
  hash: Hex;
  delta: { type: "funding"; coin: string; usdc: string; szi: string; fundingRate: string; nSamples: null };
}

/** Trade-built candle bucket: [open time, o, c, h, l, base volume (lots), trades, notional micro]. */
export type TradeCandle = [number, number, number, number, number, number, number, number];

export interface Payout {
  id: number;
  user: string;
  destination: string;
  /** USDC paid out on chain (amount − venue withdrawal fee), decimal string */
  usd: string;
  nonce: number;
  requestedAt: number;
  status: "pending" | "paid";
  txHash: string | null;
  paidAt: number | null;
}

export interface VenueState {
  version: 1;
  seed: string;
  /** the network this ledger belongs to (a Mainnet ledger never serves as Testnet) */
  network?: "Mainnet" | "Testnet";
  /** ms added to wall time (admin clock advances survive restarts) */
  clockOffsetMs: number;
  /** time up to which funding, resting-order fills and liquidations have been processed */
  syncedTo: number;
  nextOid: number;
  nextTid: number;
  accounts: Record<string, Account>;
  /** resting oids per coin, best first (bids: price desc, asks: price asc; then time) */
  books: Record<string, { bids: number[]; asks: number[] }>;
  /** untriggered trigger (TP/SL) orders per coin, in placement order */
  triggers: Record<string, number[]>;
  /** open orders and the recent terminal ones (historicalOrders / orderStatus) */
  orders: Record<string, OrderRecord>;
  openByUser: Record<string, number[]>;
  /** notional (micro-USDC) of each user's open non-reduce-only orders per coin: margin they hold */
  orderNtl: Record<string, Record<string, number>>;
  closedByUser: Record<string, number[]>;
  cloids: Record<string, Record<string, number>>;
  fills: Record<string, FillRow[]>;
  funding: Record<string, FundingRow[]>;
  /** the built-in market maker's inventory per coin (lots) — counterparty of every maker-quote fill */
  makerLots: Record<string, number>;
  /** maker quote consumption within the current oracle tick: coin → [tick, bidUsed[], askUsed[]] */
  makerUse: Record<string, [number, number[], number[]]>;
  /** open interest per coin (lots, long side) */
  oiLots: Record<string, number>;
  /** per signer: the highest nonces seen, ascending */
  nonces: Record<string, number[]>;
  /** agent (API wallet) → principal */
  agents: Record<string, { user: string; name: string; validUntil: number | null }>;
  /** credited deposits by tx hash (idempotency) */
  credits: Record<string, { user: string; micro: number; time: number }>;
  /** bridge deposits the venue kept without crediting (below its minimum), by tx hash, with the reason */
  lostDeposits: Record<string, { user: string; micro: number; time: number; reason: string }>;
  /** hourly funding per coin as settled: [hour, rate, premium] (fundingHistory), oldest first */
  fundingRates: Record<string, [number, string, string][]>;

  payouts: Payout[];
  nextPayoutId: number;
  shocks: OracleShock[];
  /** coin → interval → buckets (oldest first), only buckets that saw trades */
  candles: Record<string, Record<string, TradeCandle[]>>;
}

/** `record[key]`, created with `make()` when absent (per-user and per-coin collections). */
export function slot<T>(record: Record<string, T>, key: string, make: () => NoInfer<T>): T {
  let value = record[key];
  if (value === undefined) {
    value = make();
    record[key] = value;
  }
  return value;
}

export function initialState(seed: string, now: number): VenueState {
  return {
    version: 1,
    seed,
    clockOffsetMs: 0,
    syncedTo: now,
    nextOid: 1_000_000,
    nextTid: 1,
    accounts: {},
    books: {},
    triggers: {},
    orders: {},
    openByUser: {},
    orderNtl: {},
    closedByUser: {},
    cloids: {},
    fills: {},
    funding: {},
    makerLots: {},
    makerUse: {},
    oiLots: {},
    nonces: {},
    agents: {},
    credits: {},
    lostDeposits: {},
    fundingRates: {},
    payouts: [],
    nextPayoutId: 1,
    shocks: [],
    candles: {},
  };
}

export function newAccount(): Account {
  return {
    balance: 0,
    funded: false,
    positions: {},
    leverage: {},
    fundingAllTime: {},
    abstraction: "default",
    builderFees: {},
    cumVolume: 0,
    requests: 0,
    history: [],
  };
}
