import type { ChainName } from "./chains.ts";
import { MMF_SYMBOL } from "./mmf.ts";

export const PROVIDERS = ["ondo", "midas", "ixs", "centrifuge", "wisdomtree", "issuer"] as const;
export type Provider = (typeof PROVIDERS)[number];
export const ASSET_CLASSES = [
  "EQUITY",
  "T_BILLS",
  "BASIS_TRADE",
  "BTC_YIELD",
  "MANAGED_VAULT",
  "DERWA",
  "MONEY_MARKET",
] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/**
 * How an asset trades: `secondary` = an instant swap against USDC on a venue inside the product account;
 * `primary` = a subscription/redemption with the issuer, settled at its next NAV cycle; `vault` = a managed
 * ERC-4626 vault: buy = an instant deposit, sell = a redemption request its manager settles later;
 * `intent` = a signed limit order (1inch Limit Order Protocol v4) the provider's relay has market makers
 * fill off chain (`quote` → `order` → `order/submit`), settled on chain into the account.
 */
export type TradeFlow = "secondary" | "primary" | "vault" | "intent";
/** `always` = 24/7 unless paused; `us_equity` = NYSE regular session only (DST-correct, holidays). */
export type TradingHours = "always" | "us_equity";

/** Static reference data of a listed asset. Addresses come from the address book per chain. */
export interface AssetInfo {
  symbol: string;
  underlying_ticker: string;
  name: string;
  provider: Provider;
  asset_class: AssetClass;
  decimals: number;
  chains: ChainName[];
  flow: TradeFlow;
  hours: TradingHours;
  /** OHLC candles are offered (the reference has none for mBTC) */
  candles: boolean;
  sectors: string[];
  region_exposure: string[];
  restricted_jurisdictions: string[];
}

/**
 * Every asset the tokenized-assets API lists. The devnet deploys exactly these (devnet/src/tokenized);
 * a deployment points the address book at the real contracts.
 */
export const ASSETS: readonly AssetInfo[] = [
  {
    symbol: "TSLAon",
    underlying_ticker: "TSLA",
    name: "Tesla, Inc. (Ondo Tokenized)",
    provider: "ondo",
    asset_class: "EQUITY",
    decimals: 18,
    chains: ["ethereum"],
    flow: "intent",
    hours: "us_equity",
    candles: true,
    sectors: ["tech", "automotive"],
    region_exposure: ["US"],
    restricted_jurisdictions: ["US"],
  },
  {
    symbol: "AAPLon",
    underlying_ticker: "AAPL",
    name: "Apple Inc. (Ondo Tokenized)",
    provider: "ondo",
    asset_class: "EQUITY",
    decimals: 18,
    chains: ["ethereum"],
    flow: "intent",
    hours: "us_equity",
    candles: true,
    sectors: ["tech"],
    region_exposure: ["US"],
    restricted_jurisdictions: ["US"],
  },
  {
    symbol: "NVDAon",
    underlying_ticker: "NVDA",
    name: "NVIDIA Corporation (Ondo Tokenized)",
    provider: "ondo",
    asset_class: "EQUITY",
    decimals: 18,
    chains: ["ethereum"],
    flow: "intent",
    hours: "us_equity",
    candles: true,
    sectors: ["tech", "semiconductors"],
    region_exposure: ["US"],
    restricted_jurisdictions: ["US"],
  },
  {
    symbol: "mTBILL",
    underlying_ticker: "IB01",
    name: "Midas US Treasury Bill Token",
    provider: "midas",
    asset_class: "T_BILLS",
    decimals: 18,
    chains: ["ethereum", "base"],
    flow: "secondary",
    hours: "always",
    candles: true,
    sectors: ["treasuries", "fixed-income"],
    region_exposure: ["US"],
    restricted_jurisdictions: ["US"],
  },
  {
    symbol: "mBASIS",
    underlying_ticker: "BASIS",
    name: "Midas Basis Trading Token",
    provider: "midas",
    asset_class: "BASIS_TRADE",
    decimals: 18,
    chains: ["ethereum", "base"],
    flow: "secondary",
    hours: "always",
    candles: true,
    sectors: ["crypto", "basis-trade"],
    region_exposure: ["Global"],
    restricted_jurisdictions: ["US"],
  },
  {
    symbol: "mBTC",
    underlying_ticker: "BTC",
    name: "Midas BTC Yield Token",
    provider: "midas",
    asset_class: "BTC_YIELD",
    decimals: 18,
    chains: ["ethereum"],
    flow: "secondary",
    hours: "always",
    candles: false,
    sectors: ["crypto", "bitcoin"],
    region_exposure: ["Global"],
    restricted_jurisdictions: ["US"],
  },
  {
    symbol: "deSPXA",
    underlying_ticker: "SPX",
    name: "Centrifuge deRWA S&P 500 Index Fund",
    provider: "centrifuge",
    asset_class: "DERWA",
    decimals: 18,
    chains: ["ethereum", "base"],
    flow: "secondary",
    hours: "us_equity",
    candles: true,
    sectors: ["equities", "index"],
    region_exposure: ["US"],
    restricted_jurisdictions: ["US"],
  },
  {
    symbol: "ixv1",
    underlying_ticker: "IXV1",
    name: "IXS Managed Yield Vault 1",
    provider: "ixs",
    asset_class: "MANAGED_VAULT",
    decimals: 18,
    chains: ["bsc"],
    flow: "vault",
    hours: "always",
    candles: true,
    sectors: ["private-credit", "fixed-income"],
    region_exposure: ["Global"],
    restricted_jurisdictions: ["US"],
  },
  {
    symbol: MMF_SYMBOL,
    underlying_ticker: MMF_SYMBOL,
    name: "Sandbox Government Money Market Fund (sandbox token, no economic value)",
    provider: "issuer",
    asset_class: "MONEY_MARKET",
    decimals: 6,
    chains: ["ethereum_sepolia"],
    flow: "primary",
    hours: "always",
    candles: false,
    sectors: ["money-market", "government"],
    region_exposure: ["US"],
    restricted_jurisdictions: [],
  },
];
