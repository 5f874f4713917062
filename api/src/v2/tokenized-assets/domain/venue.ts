import { MULTICALL3 } from "@compass/constants";
import type { PublicClient } from "viem";
import { multicall3Abi } from "../../../kernel/chain/multicall.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
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

/** The timestamp of the block a snapshot's reads see, read in their batch. */
export function snapshotTime(client: PublicClient): Promise<bigint> {
  return client.readContract({
    blockTag: NEXT_BLOCK,
    address: MULTICALL3,
    abi: multicall3Abi,
    functionName: "getCurrentBlockTimestamp",
  });
}
