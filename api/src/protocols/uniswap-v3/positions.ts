import { type Address, getAddress } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { isWrongContract } from "../../kernel/chain/contract-check.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { DomainError, fieldError } from "../../kernel/errors.ts";
import type { UniswapV3 } from "./deployment.ts";
import { slot0 } from "./pools.ts";

/** The position manager's record of a position, and who owns its NFT. */
export interface Position {
  owner: Address;
  nonce: bigint;
  operator: Address;
  token0: Address;
  token1: Address;
  /** the pool's key as the manager records it: the fee tier (Uniswap v3) or the tick spacing (Slipstream) */
  key: number;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  fg0: bigint;
  fg1: bigint;
  owed0: bigint;
  owed1: bigint;
}

type Record12 = readonly [
  bigint,
  Address,
  Address,
  Address,
  number,
  number,
  number,
  bigint,
  bigint,
  bigint,
  bigint,
  bigint,
];

/** A position by its NFT id: its record, and who owns it. A token id the manager never minted is a 404. */
export async function readPosition(uni: UniswapV3, tokenId: number): Promise<Position> {
  try {
    const read = <T>(functionName: "ownerOf" | "positions") =>
      uni.client.readContract({
        blockTag: NEXT_BLOCK,
        address: uni.positions,
        abi: uni.variant.abis.positions,
        functionName,
        args: [BigInt(tokenId)],
      }) as Promise<T>;
    const [owner, p] = await Promise.all([read<Address>("ownerOf"), read<Record12>("positions")]);
    const [nonce, operator, token0, token1, key, tickLower, tickUpper, liquidity, fg0, fg1, owed0, owed1] = p;
    return {
      owner: getAddress(owner),
      nonce,
      operator,
      token0: getAddress(token0),
      token1: getAddress(token1),
      key: Number(key),
      tickLower: Number(tickLower),
      tickUpper: Number(tickUpper),
      liquidity,
      fg0,
      fg1,
      owed0,
      owed1,
    };
  } catch (error) {
    if (isWrongContract(error) || /revert/i.test(String((error as Error)?.message)))
      throw new DomainError(
        404,
        "Position not found",
        `No ${uni.variant.name} position #${tokenId} on ${uni.chain}`,
      );
    return rethrowRpc(uni.chain, error);
  }
}

/** The sender's position `token_id`; another wallet's is a 422 on `token_id`. */
export async function ownedPosition(uni: UniswapV3, sender: Address, tokenId: number): Promise<Position> {
  const position = await readPosition(uni, tokenId);
  if (position.owner !== sender)
    throw fieldError(
      ["body", "token_id"],
      `position #${tokenId} belongs to ${position.owner}, not the sender`,
    );
  return position;
}

/** Every position `owner` holds (the first 500), by NFT id: the position manager's record of each. */
export async function positionsOf(
  uni: UniswapV3,
  owner: Address,
): Promise<{ id: bigint; position: Position }[]> {
  const read = <T>(functionName: string, args: unknown[]) =>
    uni.client.readContract({
      address: uni.positions,
      abi: uni.variant.abis.positions,
      functionName,
      args,
    }) as Promise<T>;
  try {
    const count = await read<bigint>("balanceOf", [owner]);
    const ids = await Promise.all(
      Array.from({ length: Number(count > 500n ? 500n : count) }, (_, i) =>
        read<bigint>("tokenOfOwnerByIndex", [owner, BigInt(i)]),
      ),
    );
    const records = await Promise.all(ids.map((id) => readPosition(uni, Number(id))));
    return records.map((position, i) => ({ id: ids[i]!, position }));
  } catch (error) {
    return rethrowRpc(uni.chain, error);
  }
}

/** Whether the pool's tick is inside the position's range (the range earns fees only then). */
export async function inRange(uni: UniswapV3, tokenId: number): Promise<boolean> {
  const p = await readPosition(uni, tokenId);
  const pool = (await uni.client
    .readContract({
      address: uni.factory,
      abi: uni.variant.abis.factory,
      functionName: "getPool",
      args: [p.token0, p.token1, p.key],
    })
    .catch((e) => rethrowRpc(uni.chain, e))) as Address;
  const { tick } = await slot0(uni, pool);
  return p.tickLower <= tick && tick < p.tickUpper;
}
