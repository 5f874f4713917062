/**
 * The `xyz` builder-deployed dex (HIP-3): traditional assets only. Numbers are chosen to look like
 * the live dex — stock perps trade in 0.001 shares with 10x max leverage, metals and oil in finer
 * sizes with 20x, majors FX with 40–50x — so validation paths (size step, price ticks, $10 minimum,
 * leverage bounds) behave as a client would meet them. Base prices anchor the oracle walk.
 */
export type MarketCategory = "stock" | "index" | "commodity" | "forex";

export interface MarketSpec {
  /** Ticker without the dex prefix, e.g. "AAPL". */
  ticker: string;
  category: MarketCategory;
  szDecimals: number;
  maxLeverage: number;
  /** Oracle anchor in USD. */
  basePx: number;
  /** Typical daily volatility of the oracle walk (fraction, e.g. 0.02 = 2 %). */
  dailyVol: number;
  /** Streaming open-interest cap shown in perpDexs (USD). */
  oiCapUsd: number;
}

export const XYZ_MARKETS: readonly MarketSpec[] = [
  {
    ticker: "XYZ100",
    category: "index",
    szDecimals: 4,
    maxLeverage: 20,
    basePx: 25_000,
    dailyVol: 0.012,
    oiCapUsd: 150e6,
  },
  {
    ticker: "AAPL",
    category: "stock",
    szDecimals: 3,
    maxLeverage: 10,
    basePx: 230,
    dailyVol: 0.018,
    oiCapUsd: 50e6,
  },
  {
    ticker: "TSLA",
    category: "stock",
    szDecimals: 3,
    maxLeverage: 10,
    basePx: 430,
    dailyVol: 0.035,
    oiCapUsd: 50e6,
  },
  {
    ticker: "NVDA",
    category: "stock",
    szDecimals: 3,
    maxLeverage: 10,
    basePx: 180,
    dailyVol: 0.03,
    oiCapUsd: 50e6,
  },
  {
    ticker: "MSFT",
    category: "stock",
    szDecimals: 3,
    maxLeverage: 10,
    basePx: 510,
    dailyVol: 0.016,
    oiCapUsd: 50e6,
  },
  {
    ticker: "AMZN",
    category: "stock",
    szDecimals: 3,
    maxLeverage: 10,
    basePx: 225,
    dailyVol: 0.02,
    oiCapUsd: 50e6,
  },
  {
    ticker: "META",
    category: "stock",
    szDecimals: 3,
    maxLeverage: 10,
    basePx: 740,
    dailyVol: 0.022,
    oiCapUsd: 50e6,
  },
  {
    ticker: "GOOGL",
    category: "stock",
    szDecimals: 3,
    maxLeverage: 10,
    basePx: 250,
    dailyVol: 0.019,
    oiCapUsd: 50e6,
  },
  {
    ticker: "GOLD",
    category: "commodity",
    szDecimals: 4,
    maxLeverage: 20,
    basePx: 4_000,
    dailyVol: 0.011,
    oiCapUsd: 100e6,
  },
  {
    ticker: "SILVER",
    category: "commodity",
    szDecimals: 2,
    maxLeverage: 20,
    basePx: 48,
    dailyVol: 0.02,
    oiCapUsd: 40e6,
  },
  {
    ticker: "CL",
    category: "commodity",
    szDecimals: 2,
    maxLeverage: 20,
    basePx: 62,
    dailyVol: 0.02,
    oiCapUsd: 40e6,
  },
  {
    ticker: "EUR",
    category: "forex",
    szDecimals: 1,
    maxLeverage: 50,
    basePx: 1.16,
    dailyVol: 0.005,
    oiCapUsd: 100e6,
  },
  {
    ticker: "GBP",
    category: "forex",
    szDecimals: 1,
    maxLeverage: 40,
    basePx: 1.33,
    dailyVol: 0.005,
    oiCapUsd: 60e6,
  },
  // Quoted as USD per yen, so a long is long JPY like the EUR and GBP perps.
  {
    ticker: "JPY",
    category: "forex",
    szDecimals: 0,
    maxLeverage: 40,
    basePx: 0.0066,
    dailyVol: 0.006,
    oiCapUsd: 60e6,
  },
];
