import type { PriceParams } from "./price-model.ts";
import type { KnownToken } from "./tokens.ts";

/** One listed asset as its issuer prices it now (Midas feed, Centrifuge vault, IXS vault). */
export interface VenueMarket {
  token: KnownToken;
  paused: boolean;
  spreadBps: number;
  params: PriceParams;
  /** reference (mid) price now, USD per token, 18 decimals */
  price: bigint;
  /** the token's total supply, raw */
  supply: bigint;
}

export interface VenueSnapshot {
  /** block timestamp the snapshot was read at */
  now: number;
  markets: VenueMarket[];
}
