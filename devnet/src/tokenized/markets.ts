import { ASSETS, type AssetInfo } from "@compass/constants";
import { keccak256, parseUnits, toBytes } from "viem";

/** 2024-01-01T00:00:00Z: every devnet market's price model starts here (the `all` candle range too). */
export const MARKETS_T0 = 1_704_067_200;

/** How the devnet venue prices and stocks one asset. */
export interface DevnetMarket {
  asset: AssetInfo;
  /** reference price at t0, USD per token */
  p0: string;
  /** NAV accrual, basis points per year */
  apyBps: number;
  /** noise amplitude, basis points (0 = pure NAV accrual) */
  volBps: number;
  /** half-spread around the reference price, basis points */
  spreadBps: number;
  /** tokens the market maker stocks the venue with, per chain */
  inventory: string;
}

const PARAMS: Record<string, Omit<DevnetMarket, "asset">> = {
  mTBILL: { p0: "1", apyBps: 480, volBps: 0, spreadBps: 5, inventory: "20000000" },
  mBASIS: { p0: "1", apyBps: 900, volBps: 4, spreadBps: 10, inventory: "20000000" },
  mBTC: { p0: "60000", apyBps: 150, volBps: 1500, spreadBps: 25, inventory: "300" },
  deSPXA: { p0: "480", apyBps: 800, volBps: 600, spreadBps: 10, inventory: "40000" },
};

/** USDC the market maker stocks each chain's venue with (minted by the USDC admin, as Circle mints). */
export const VENUE_USDC = parseUnits("50000000", 6);

/** The venue-traded (secondary-market) assets, with their devnet price models. */
export const DEVNET_MARKETS: DevnetMarket[] = ASSETS.filter((a) => a.flow === "secondary").map((asset) => {
  const params = PARAMS[asset.symbol];
  if (!params) throw new Error(`no devnet market parameters for ${asset.symbol}`);
  return { asset, ...params };
});

/** Each market's noise seed: fixed per symbol, so prices are reproducible across devnet resets. */
export function marketSeed(symbol: string): bigint {
  return BigInt(keccak256(toBytes(`compass.devnet.market:${symbol}`)));
}
