import { MULTICALL3, rwaExchangeAbi } from "@compass/constants";
import { type Address, erc20Abi, type PublicClient } from "viem";
import { rethrowRpc } from "../../chain/clients.ts";
import { multicall3Abi } from "../../chain/multicall.ts";
import { NEXT_BLOCK } from "../../chain/next-block.ts";
import type { ChainName } from "../../schemas/common.ts";
import type { PriceParams } from "./price-model.ts";
import type { KnownToken } from "./tokens.ts";

/** One listed asset as the venue has it now. */
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

/**
 * Market state, prices and supplies of `tokens` at the venue in one batched eth_call (viem gathers the
 * reads issued in this tick into a Multicall3 aggregate). Tokens the venue does not list are left out.
 */
export async function readVenue(
  client: PublicClient,
  chain: ChainName,
  venue: Address,
  tokens: KnownToken[],
): Promise<VenueSnapshot> {
  const read = (fn: "markets" | "price", token: Address) =>
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: venue,
      abi: rwaExchangeAbi,
      functionName: fn,
      args: [token],
    } as any);
  const now = client.readContract({
    blockTag: NEXT_BLOCK,
    address: MULTICALL3,
    abi: multicall3Abi,
    functionName: "getCurrentBlockTimestamp",
  });
  const rows = tokens.map((token) =>
    Promise.all([
      read("markets", token.address) as Promise<
        readonly [boolean, boolean, number, number, number, number, bigint, bigint, bigint]
      >,
      (read("price", token.address) as Promise<bigint>).catch(() => 0n),
      client.readContract({
        blockTag: NEXT_BLOCK,
        address: token.address,
        abi: erc20Abi,
        functionName: "totalSupply",
      }),
    ]),
  );
  try {
    const [timestamp, ...results] = await Promise.all([now, ...rows]);
    const markets: VenueMarket[] = [];
    results.forEach(([m, price, supply], i) => {
      const [listed, paused, , spreadBps, apyBps, volBps, t0, seed, p0] = m;
      if (!listed) return;
      markets.push({
        token: tokens[i]!,
        paused,
        spreadBps,
        params: { seed, p0, t0: Number(t0), apyBps, volBps },
        price,
        supply,
      });
    });
    return { now: Number(timestamp), markets };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
