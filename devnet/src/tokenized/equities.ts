import { ASSETS, type AssetInfo, USDC, WETH } from "@compass/constants";
import { encodeAbiParameters, type Hex, keccak256, toBytes } from "viem";
import { create2Address, saltOf } from "../bootstrap/create2.ts";
import { loadLimitOrderProtocolArtifact } from "../equity/lop-compile.ts";
import { type Deployment, rwaTokenDeployment } from "./deployments.ts";
import { MARKETS_T0 } from "./markets.ts";

/**
 * Tokenized US equities (provider `ondo`, flow `intent`): ERC-20s on ethereum issued by `fund_issuer`, traded
 * by signed 1inch limit orders that the equity relay twin (`twins/fusion-relay`) has `market_maker` fill.
 */
export interface DevnetEquity {
  asset: AssetInfo;
  /** reference price at MARKETS_T0, USD per share */
  p0: string;
  /** drift, basis points per year */
  apyBps: number;
  /** noise amplitude, basis points */
  volBps: number;
  /** shares `fund_issuer` mints to `market_maker` as its inventory */
  inventory: string;
}

const PARAMS: Record<string, Omit<DevnetEquity, "asset">> = {
  TSLAon: { p0: "250", apyBps: 1500, volBps: 2500, inventory: "200000" },
  AAPLon: { p0: "190", apyBps: 1000, volBps: 1200, inventory: "200000" },
  NVDAon: { p0: "480", apyBps: 3000, volBps: 3000, inventory: "100000" },
};

export const EQUITY_CHAIN = "ethereum" as const;
export { MARKETS_T0 as EQUITIES_T0 };

export const DEVNET_EQUITIES: DevnetEquity[] = ASSETS.filter((a) => a.flow === "intent").map((asset) => {
  const params = PARAMS[asset.symbol];
  if (!params) throw new Error(`no devnet equity parameters for ${asset.symbol}`);
  return { asset, ...params };
});

/** Each equity's price-model seed (fixed per symbol, so prices are reproducible across resets). */
export function equitySeed(symbol: string): bigint {
  return BigInt(keccak256(toBytes(`compass.devnet.equity:${symbol}`)));
}

export const equityTokenDeployment = (symbol: string): Deployment => rwaTokenDeployment(symbol);

/** LimitOrderProtocol v4 on ethereum; its constructor takes the chain's WETH. */
export function limitOrderProtocolDeployment(): Deployment {
  const args = encodeAbiParameters([{ type: "address" }], [WETH.ethereum!.address]);
  const initCode = `${loadLimitOrderProtocolArtifact().bytecode}${args.slice(2)}` as Hex;
  const salt = saltOf("compass.devnet.limit-order-protocol-v4");
  return { initCode, salt, address: create2Address(initCode, salt) };
}

export const EQUITY_USDC = USDC.ethereum!;
