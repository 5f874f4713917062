/** The equity order relay's wire shapes (Fusion-style quoter, relayer and orders APIs over LOP v4 orders). */

export interface RelayOrderStruct {
  salt: string;
  maker: string;
  receiver: string;
  makerAsset: string;
  takerAsset: string;
  makingAmount: string;
  takingAmount: string;
  makerTraits: string;
}

export interface RelayQuote {
  quoteId: string;
  fromTokenAmount: string;
  toTokenAmount: string;
  presets: {
    fast: {
      auctionDuration: number;
      startAuctionIn: number;
      auctionStartAmount: string;
      auctionEndAmount: string;
      partialFillAllowed: boolean;
    };
  };
  recommended_preset: string;
  settlementAddress: string;
  quoteExpiresAt: number;
  fee?: { bps: number; receiver: string };
  prices: { usd: Record<string, string> };
}

export interface RelayFill {
  txHash: string;
  filledMakerAmount: string;
  filledAuctionTakerAmount: string;
}

export interface RelayOrderStatus {
  orderHash: string;
  status: "pending" | "partially-filled" | "filled" | "expired" | "cancelled";
  order: RelayOrderStruct;
  extension: string;
  quoteId: string;
  fills: RelayFill[];
  /** ms */
  createdAt: number;
  updatedAt: number;
  auctionDuration: number;
}

export interface RelaySubmission {
  order: RelayOrderStruct;
  signature: string;
  quoteId: string;
  extension: string;
}

export type RelayChartPeriod = "24H" | "1W" | "1M" | "1Y" | "AllTime";

export interface RelayCandle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
}

/** The tokenized-equity order relay as the domain sees it: quotes, signed orders, their status, prices and charts. */
export interface EquityRelay {
  quote(query: {
    fromTokenAddress: string;
    toTokenAddress: string;
    amount: bigint;
    walletAddress: string;
  }): Promise<RelayQuote>;
  submit(submission: RelaySubmission): Promise<void>;
  status(orderHash: string): Promise<RelayOrderStatus>;
  /** USD prices by token address */
  prices(addresses: string[]): Promise<Record<string, string>>;
  /** the USD price line of `token` (quoted in `usdc`) over `period`, oldest first */
  chart(token: string, usdc: string, period: RelayChartPeriod): Promise<{ time: number; value: string }[]>;
  /** OHLC candles of `token`, `seconds` wide, between `from` and `to` (unix seconds) */
  candles(token: string, usdc: string, seconds: number, from: number, to: number): Promise<RelayCandle[]>;
}
