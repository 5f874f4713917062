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
