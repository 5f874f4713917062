import { type MarketSpec, XYZ_MARKETS } from "./markets.ts";

/**
 * Perp dexes as the venue numbers them: index 0 is the validator-run main dex (no markets here —
 * the product excludes crypto), index 1 is `xyz`. HIP-3 asset ids are
 * 100000 + 10000 × dexIndex + indexInDex, and coin names carry the dex prefix ("xyz:AAPL").
 */
export const XYZ_DEX = { name: "xyz", fullName: "XYZ", index: 1 } as const;

/** A stable stand-in for the dex deployer (no key behind it). */
export const XYZ_DEPLOYER = "0x88806a71d74ad0a510b350545c9ae490912f0888";

export interface Market extends MarketSpec {
  coin: string;
  dex: string;
  /** Position in the dex's meta universe. */
  indexInDex: number;
  /** The `a` field of orders. */
  asset: number;
  /** Maximum price decimals for perps: 6 − szDecimals. */
  pxDecimals: number;
}

function assetId(dexIndex: number, indexInDex: number): number {
  return dexIndex === 0 ? indexInDex : 100_000 + 10_000 * dexIndex + indexInDex;
}

export const MARKETS: readonly Market[] = XYZ_MARKETS.map((spec, indexInDex) => ({
  ...spec,
  coin: `${XYZ_DEX.name}:${spec.ticker}`,
  dex: XYZ_DEX.name,
  indexInDex,
  asset: assetId(XYZ_DEX.index, indexInDex),
  pxDecimals: 6 - spec.szDecimals,
}));

const byCoin = new Map(MARKETS.map((m) => [m.coin, m]));
const byAsset = new Map(MARKETS.map((m) => [m.asset, m]));

export const marketByCoin = (coin: string): Market | undefined => byCoin.get(coin);
export const marketByAsset = (asset: number): Market | undefined => byAsset.get(asset);

/** Markets of a dex by its `dex` request parameter ("" or absent = main dex). */
export function dexMarkets(dex: string | undefined): readonly Market[] | undefined {
  if (!dex) return [];
  return dex === XYZ_DEX.name ? MARKETS : undefined;
}
