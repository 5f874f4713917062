import { pendleMarketAbi, pendleRouterStaticAbi, pendleStandardizedYieldAbi } from "@compass/constants";
import type { PublicClient } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import type { PendleDeployment } from "./deployment.ts";
import type { PendleMarket } from "./market.ts";

const ONE = 10n ** 18n;

/** The market's state now. */
export interface PendleMarketState {
  expired: boolean;
  totalPt: bigint;
  totalSy: bigint;
  totalLp: bigint;
  /** ln(1 + the yearly fee rate), 1e18 */
  lnFeeRateRoot: bigint;
  /** ln(1 + implied APY), 1e18 */
  lastLnImpliedRate: bigint;
  /** asset per PT and SY per PT (1e18): what one PT is worth now at the market's implied rate */
  ptToAsset: bigint;
  ptToSy: bigint;
  /** asset per SY (1e18) */
  syExchangeRate: bigint;
}

/**
 * The market's state and PT price now, or at `blockNumber` (one multicall with the client's batching).
 */
export async function readPendleState(
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  blockNumber?: bigint,
): Promise<PendleMarketState> {
  const at = blockNumber === undefined ? { blockTag: NEXT_BLOCK } : { blockNumber };
  const [state, expired, ptToAsset, ptToSy, syExchangeRate] = await Promise.all([
    client.readContract({
      address: market.address,
      abi: pendleMarketAbi,
      functionName: "readState",
      args: [pendle.router],
      ...at,
    }),
    client.readContract({
      address: market.address,
      abi: pendleMarketAbi,
      functionName: "isExpired",
      ...at,
    }),
    client.readContract({
      address: pendle.routerStatic,
      abi: pendleRouterStaticAbi,
      functionName: "getPtToAssetRate",
      args: [market.address],
      ...at,
    }),
    client.readContract({
      address: pendle.routerStatic,
      abi: pendleRouterStaticAbi,
      functionName: "getPtToSyRate",
      args: [market.address],
      ...at,
    }),
    client.readContract({
      address: market.sy.address,
      abi: pendleStandardizedYieldAbi,
      functionName: "exchangeRate",
      ...at,
    }),
  ]);
  return {
    expired,
    totalPt: state.totalPt,
    totalSy: state.totalSy,
    totalLp: state.totalLp,
    lnFeeRateRoot: state.lnFeeRateRoot,
    lastLnImpliedRate: state.lastLnImpliedRate,
    ptToAsset,
    ptToSy,
    syExchangeRate,
  };
}

/** Whether the market has expired, read for the next block (batched with a trade's other reads). */
export const isExpired = (client: PublicClient, market: PendleMarket) =>
  client.readContract({
    address: market.address,
    abi: pendleMarketAbi,
    functionName: "isExpired",
    blockTag: NEXT_BLOCK,
  });

/** The market's implied APY in percent: e^(ln implied rate) − 1; null once expired (nothing left to earn). */
export function impliedApyPercent(state: PendleMarketState): number | null {
  if (state.expired) return null;
  return (Math.exp(Number(state.lastLnImpliedRate) / 1e18) - 1) * 100;
}

/** The market's yearly swap fee rate (a fraction): e^(ln fee rate root) − 1. */
export const feeRate = (state: PendleMarketState): number => Math.exp(Number(state.lnFeeRateRoot) / 1e18) - 1;

/** The market's liquidity in its asset's base units: SY at the exchange rate plus PT at its price. */
export function marketLiquidity(state: PendleMarketState): bigint {
  return (state.totalSy * state.syExchangeRate) / ONE + (state.totalPt * state.ptToAsset) / ONE;
}

/** Asset per LP (1e18): the pool's value over its LP supply. */
export function lpToAsset(state: PendleMarketState): bigint {
  return state.totalLp > 0n ? (marketLiquidity(state) * ONE) / state.totalLp : 0n;
}
