import type { CandleRow } from "../engine/candles.ts";
import type { FillRow, FundingRow, OrderStatus, Tif } from "../engine/state.ts";

/**
 * Wire shapes of the /info answers, declared here independently of any client library. The test
 * suite checks them against the maintained client's response types in both directions, so a field
 * the venue has and we lack (or the reverse) fails type checking.
 */
type Hex = `0x${string}`;

export interface UniverseEntry {
  szDecimals: number;
  name: string;
  maxLeverage: number;
  marginTableId: number;
}
export type MarginTable = { description: string; marginTiers: { lowerBound: string; maxLeverage: number }[] };
export interface Meta {
  universe: UniverseEntry[];
  marginTables: [number, MarginTable][];
  collateralToken: number;
}
export interface AssetCtx {
  prevDayPx: string;
  dayNtlVlm: string;
  markPx: string;
  midPx: string | null;
  funding: string;
  openInterest: string;
  premium: string | null;
  oraclePx: string;
  impactPxs: string[] | null;
  dayBaseVlm: string;
}
export interface PerpDex {
  name: string;
  fullName: string;
  deployer: Hex;
  oracleUpdater: Hex | null;
  feeRecipient: Hex | null;
  assetToStreamingOiCap: [string, string][];
  subDeployers: [string, Hex[]][];
  deployerFeeScale: string;
  lastDeployerFeeScaleChangeTime: string;
  assetToFundingMultiplier: [string, string][];
  assetToFundingInterestRate: [string, string][];
}
export type L2Level = { px: string; sz: string; n: number };
export type L2Book = { coin: string; time: number; levels: [L2Level[], L2Level[]] } | null;
export type Candle = CandleRow;

export interface MarginSummary {
  accountValue: string;
  totalNtlPos: string;
  totalRawUsd: string;
  totalMarginUsed: string;
}
export type Leverage = { type: "cross"; value: number } | { type: "isolated"; value: number; rawUsd: string };
export interface AssetPosition {
  type: "oneWay";
  position: {
    coin: string;
    szi: string;
    leverage: Leverage;
    entryPx: string;
    positionValue: string;
    unrealizedPnl: string;
    returnOnEquity: string;
    liquidationPx: string | null;
    marginUsed: string;
    maxLeverage: number;
    cumFunding: { allTime: string; sinceOpen: string; sinceChange: string };
  };
}
export interface ClearinghouseState {
  marginSummary: MarginSummary;
  crossMarginSummary: MarginSummary;
  crossMaintenanceMarginUsed: string;
  withdrawable: string;
  assetPositions: AssetPosition[];
  time: number;
}

export interface OpenOrder {
  coin: string;
  side: "B" | "A";
  limitPx: string;
  sz: string;
  oid: number;
  timestamp: number;
  origSz: string;
  cloid?: Hex;
  reduceOnly?: true;
}
export interface FrontendOpenOrder {
  coin: string;
  side: "B" | "A";
  limitPx: string;
  sz: string;
  oid: number;
  timestamp: number;
  origSz: string;
  triggerCondition: string;
  isTrigger: boolean;
  triggerPx: string;
  children: unknown[];
  isPositionTpsl: boolean;
  reduceOnly: boolean;
  orderType: "Market" | "Limit" | "Stop Market" | "Stop Limit" | "Take Profit Market" | "Take Profit Limit";
  tif: Tif | null;
  cloid: Hex | null;
}
export type OrderStatusAnswer =
  | { status: "order"; order: { order: FrontendOpenOrder; status: OrderStatus; statusTimestamp: number } }
  | { status: "unknownOid" };
export type HistoricalOrder = { order: FrontendOpenOrder; status: OrderStatus; statusTimestamp: number };

export type UserFill = FillRow;
export type UserFunding = FundingRow;
export type Abstraction = "unifiedAccount" | "portfolioMargin" | "disabled" | "default" | "dexAbstraction";
export interface UserRateLimit {
  cumVlm: string;
  nRequestsUsed: number;
  nRequestsCap: number;
  nRequestsSurplus: number;
}
export type UserRole = { role: "missing" | "user" | "vault" } | { role: "agent"; data: { user: Hex } };
export type PortfolioData = {
  accountValueHistory: [number, string][];
  pnlHistory: [number, string][];
  vlm: string;
};
export type Portfolio = [
  ["day", PortfolioData],
  ["week", PortfolioData],
  ["month", PortfolioData],
  ["allTime", PortfolioData],
  ["perpDay", PortfolioData],
  ["perpWeek", PortfolioData],
  ["perpMonth", PortfolioData],
  ["perpAllTime", PortfolioData],
];
export interface ActiveAssetData {
  user: Hex;
  coin: string;
  leverage: Leverage;
  maxTradeSzs: [string, string];
  availableToTrade: [string, string];
  markPx: string;
}

export interface SpotToken {
  name: string;
  szDecimals: number;
  weiDecimals: number;
  index: number;
  tokenId: Hex;
  isCanonical: boolean;
  evmContract: { address: Hex; evm_extra_wei_decimals: number } | null;
  fullName: string | null;
  deployerTradingFeeShare: string;
}
export interface SpotMeta {
  universe: { tokens: number[]; name: string; index: number; isCanonical: boolean }[];
  tokens: SpotToken[];
}
export interface SpotAssetCtx {
  prevDayPx: string;
  dayNtlVlm: string;
  markPx: string;
  midPx: string | null;
  circulatingSupply: string;
  coin: string;
  totalSupply: string;
  dayBaseVlm: string;
}
export interface SpotClearinghouseState {
  balances: { coin: string; token: number; total: string; hold: string; entryNtl: string }[];
}
export type FundingHistoryRow = { coin: string; fundingRate: string; premium: string; time: number };
export type PredictedFunding = [
  string,
  [string, { fundingRate: string; nextFundingTime: number; fundingIntervalHours?: number } | null][],
];
export type ExtraAgent = { address: Hex; name: string; validUntil: number };
