import { pendleRouterStaticAbi, pendleStandardizedYieldAbi, pendleYieldTokenAbi } from "@compass/constants";
import { type Address, erc20Abi, getAddress, type PublicClient, parseAbi, parseAbiItem } from "viem";
import { isWrongContract } from "../../kernel/chain/contract-check.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import type { PendleDeployment } from "./deployment.ts";
import type { PendleMarket } from "./market.ts";
import { type PendleMarketState, readPendleState } from "./state.ts";

const ONE = 10n ** 18n;
const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
/** the market's LP counted for incentives (PendleGauge) */
const activeBalanceAbi = [parseAbiItem("function activeBalance(address) view returns (uint256)")];
const marketTokensAbi = parseAbi(["function readTokens() view returns (address sy, address pt, address yt)"]);

/** What a wallet holds in one market at a block, and the market's state and YT price then. */
export interface MarketHoldings {
  pt: bigint;
  yt: bigint;
  lp: bigint;
  sy: bigint;
  /** the LP the market's gauge counts for incentives */
  activeLp: bigint;
  state: PendleMarketState;
  /** asset per YT (1e18); 0 where the static router cannot price it (expired) */
  ytToAsset: bigint;
}

/** `user`'s PT, YT, LP and SY of the market at `blockNumber`, with the market's state and YT price (one batch). */
export async function readHoldings(
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  user: Address,
  blockNumber: bigint,
): Promise<MarketHoldings> {
  const balanceOf = (address: Address) =>
    client.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [user], blockNumber });
  const [pt, yt, lp, sy, activeLp, state, ytToAsset] = await Promise.all([
    balanceOf(market.pt.address),
    balanceOf(market.yt),
    balanceOf(market.address),
    balanceOf(market.sy.address),
    client.readContract({
      address: market.address,
      abi: activeBalanceAbi,
      functionName: "activeBalance",
      args: [user],
      blockNumber,
    }),
    readPendleState(client, pendle, market, blockNumber),
    client
      .readContract({
        address: pendle.routerStatic,
        abi: pendleRouterStaticAbi,
        functionName: "getYtToAssetRate",
        args: [market.address],
        blockNumber,
      })
      .catch((error) => {
        // a market whose YT the static router cannot price (expired): worth nothing
        if (isWrongContract(error)) return 0n;
        throw error;
      }),
  ]);
  return { pt, yt, lp, sy, activeLp, state, ytToAsset };
}

/**
 * SY the wallet's YT has earned and not claimed (net of Pendle's interest fee): the YT's own
 * `redeemDueInterestAndRewards` simulated for the wallet (anyone may call it for anyone; it pays the wallet).
 */
export async function claimableInterest(
  client: PublicClient,
  yt: Address,
  user: Address,
  blockNumber?: bigint,
) {
  const { result } = await client.simulateContract({
    address: yt,
    abi: pendleYieldTokenAbi,
    functionName: "redeemDueInterestAndRewards",
    args: [user, true, false],
    account: user,
    ...(blockNumber === undefined ? {} : { blockNumber }),
  });
  return result[0];
}

/** The markets whose PT, YT or LP `user` ever received (Transfer events to it), up to `toBlock`. */
export async function everReceived(
  client: PublicClient,
  logs: LogReader,
  markets: PendleMarket[],
  user: Address,
  toBlock: bigint,
): Promise<Set<Address>> {
  if (!markets.length) return new Set();
  const owner = new Map<string, Address>();
  for (const m of markets)
    for (const a of [m.pt.address, m.yt, m.address]) owner.set(a.toLowerCase(), m.address);
  const found = await logs.getLogs(client, {
    address: [...owner.keys()].map((a) => getAddress(a)),
    event: TRANSFER,
    args: { to: user },
    toBlock,
  });
  return new Set(found.map((l) => owner.get(l.address.toLowerCase())!));
}

/**
 * What one unit of a market's PT, YT or LP is worth in the SY's accounting asset at `blockNumber`: the asset, its
 * decimals and the static router's rate (asset per unit, 1e18; null where it cannot price it). Read one after the
 * other from the market alone (its tokens, the SY's asset, the rate).
 */
export async function unitValue(
  client: PublicClient,
  routerStatic: Address,
  market: Address,
  unit: "pt" | "yt" | "lp",
  blockNumber: bigint,
): Promise<{ asset: Address; assetDecimals: number; rate: bigint | null }> {
  const [sy] = await client.readContract({
    address: market,
    abi: marketTokensAbi,
    functionName: "readTokens",
    blockNumber,
  });
  const [, asset, assetDecimals] = await client.readContract({
    address: sy,
    abi: pendleStandardizedYieldAbi,
    functionName: "assetInfo",
    blockNumber,
  });
  const rate = await client
    .readContract({
      address: routerStatic,
      abi: pendleRouterStaticAbi,
      functionName:
        unit === "pt" ? "getPtToAssetRate" : unit === "yt" ? "getYtToAssetRate" : "getLpToAssetRate",
      args: [market],
      blockNumber,
    })
    .catch(() => null);
  return { asset, assetDecimals: Number(assetDecimals), rate };
}

/** `raw` units worth `rate` asset each (1e18), in the asset's base units. */
export const inAsset = (raw: bigint, rate: bigint): bigint => (raw * rate) / ONE;
