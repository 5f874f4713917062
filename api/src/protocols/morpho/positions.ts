import { morphoBlueAbi } from "@compass/constants";
import type { Address, Hex, PublicClient } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { readView } from "../../kernel/chain/view-batch.ts";
import type { MorphoMarket } from "./market.ts";
import { toAssetsDown, toAssetsUp } from "./math.ts";

/** A position in a Morpho Blue market: its shares and collateral, and what they are worth in the loan token. */
export interface MorphoPosition {
  supplyShares: bigint;
  borrowShares: bigint;
  collateral: bigint;
  /** debt in loan-token units, rounded up as Morpho rounds it */
  borrowed: bigint;
  /** supply in loan-token units, rounded down */
  supplied: bigint;
}

/** `account`'s shares and collateral in market `id` for the next block, as the singleton stores them. */
export async function readPositionShares(client: PublicClient, morpho: Address, id: Hex, account: Address) {
  const [supplyShares, borrowShares, collateral] = (await readView(client, {
    address: morpho,
    abi: morphoBlueAbi,
    functionName: "position",
    args: [id, account],
    blockTag: NEXT_BLOCK,
  })) as unknown as [bigint, bigint, bigint];
  return { supplyShares, borrowShares, collateral };
}

/** `account`'s position in the market for the next block, valued at the market's totals as read. */
export async function readMorphoPosition(
  client: PublicClient,
  m: MorphoMarket,
  account: Address,
): Promise<MorphoPosition> {
  const { supplyShares, borrowShares, collateral } = await readPositionShares(
    client,
    m.morpho,
    m.id,
    account,
  );
  return {
    supplyShares,
    borrowShares,
    collateral,
    borrowed: toAssetsUp(borrowShares, m.totalBorrowAssets, m.totalBorrowShares),
    supplied: toAssetsDown(supplyShares, m.totalSupplyAssets, m.totalSupplyShares),
  };
}
