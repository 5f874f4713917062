import { uniswapV3FactoryAbi, uniswapV3PositionManagerAbi } from "@compass/constants";
import { type Address, encodeFunctionData, getAddress, type Hex } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { isWrongContract } from "../../../kernel/chain/contract-check.ts";
import { assertPullable, type Erc20, resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import {
  deadlineAfterNextBlock,
  prefetchTxFields,
  senderTransaction,
} from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { DomainError, fieldError } from "../../../kernel/errors.ts";
import { jsonInt, toRawAmountOrZero } from "../../../kernel/lib/amounts.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { FEE_TIERS, type FeeTier, readPool, slot0, type UniswapV3, uniswapV3 } from "./pools.ts";

const MAX_UINT128 = 2n ** 128n - 1n;
const MIN_TICK = -887272;
const MAX_TICK = 887272;

type Chain = "arbitrum" | "base" | "ethereum";
type Common = { chain: Chain; sender: string; estimate_gas: boolean };

/** An amount field in the token's units; 0 allowed (a one-sided range takes none of one token). */
const units = (text: string, token: Erc20, field: string) =>
  toRawAmountOrZero(text, token.decimals, ["body", field], token.symbol);

const deadline = (uni: UniswapV3) => deadlineAfterNextBlock(uni.client, uni.chain);

function send(
  uni: UniswapV3,
  sender: Address,
  data: Hex,
  body: Common,
  fields: ReturnType<typeof prefetchTxFields>,
  what: string,
) {
  return senderTransaction(uni.client, uni.chain, { from: sender, to: uni.positions, data }, fields, {
    estimateGas: body.estimate_gas,
    refusal: `the position manager refuses the ${what}`,
  });
}

/**
 * A new position: `mint` on the position manager, the two tokens put in the pool's order (the request may name
 * them either way), the range's ticks held to the fee tier's spacing and the pool's bounds, both amounts checked
 * against the sender's balances and allowances to the position manager first.
 */
export async function mintTransaction(
  body: Common & {
    token0: string;
    token1: string;
    fee: FeeTier;
    tick_lower: number;
    tick_upper: number;
    amount0_desired: string;
    amount1_desired: string;
    amount0_min: string;
    amount1_min: string;
    recipient?: string | null;
  },
  ctx: Context,
) {
  const uni = uniswapV3(ctx.config, body.chain, ctx.services.chains.get(body.chain, ["body", "chain"]), [
    "body",
    "chain",
  ]);
  // the range first: it is judged by the tier alone, before any read
  const { spacing } = FEE_TIERS[body.fee];
  for (const [field, tick] of [
    ["tick_lower", body.tick_lower],
    ["tick_upper", body.tick_upper],
  ] as const) {
    if (tick % spacing !== 0)
      throw fieldError(["body", field], `a multiple of ${spacing} (the ${body.fee} % tier's tick spacing)`);
    if (tick < MIN_TICK || tick > MAX_TICK)
      throw fieldError(["body", field], `between ${MIN_TICK} and ${MAX_TICK}`);
  }
  if (body.tick_lower >= body.tick_upper) throw fieldError(["body", "tick_upper"], "above tick_lower");
  const pool = await readPool(ctx.config, uni, body.token0, body.token1, body.fee, {
    a: ["body", "token0"],
    b: ["body", "token1"],
  });
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(uni.client, body.chain, sender);
  // the request's token0/token1 are `a`/`b`; the pool's order may be the other way round
  const flipped = pool.a.address !== pool.token0.address;
  const a = {
    desired: units(body.amount0_desired, pool.a, "amount0_desired"),
    min: units(body.amount0_min, pool.a, "amount0_min"),
  };
  const b = {
    desired: units(body.amount1_desired, pool.b, "amount1_desired"),
    min: units(body.amount1_min, pool.b, "amount1_min"),
  };
  if (a.desired === 0n && b.desired === 0n)
    throw fieldError(["body", "amount0_desired"], "one of the amounts must be above 0");
  const [x0, x1] = flipped ? [b, a] : [a, b];
  await Promise.all(
    [
      [pool.a, a.desired, "amount0_desired"],
      [pool.b, b.desired, "amount1_desired"],
    ].map(([token, amount, field]) =>
      (amount as bigint) > 0n
        ? assertPullable(uni.client, body.chain, {
            token: token as Erc20,
            owner: sender,
            spender: uni.positions,
            spenderName: "UniswapV3NFTPositionManager",
            amount: amount as bigint,
            loc: ["body", field as string],
          })
        : undefined,
    ),
  );
  const data = encodeFunctionData({
    abi: uniswapV3PositionManagerAbi,
    functionName: "mint",
    args: [
      {
        token0: pool.token0.address,
        token1: pool.token1.address,
        fee: pool.fee,
        tickLower: body.tick_lower,
        tickUpper: body.tick_upper,
        amount0Desired: x0.desired,
        amount1Desired: x1.desired,
        amount0Min: x0.min,
        amount1Min: x1.min,
        recipient: getAddress(body.recipient ?? sender),
        deadline: await deadline(uni),
      },
    ],
  });
  return { transaction: await send(uni, sender, data, body, fields, "mint") };
}

/** A position by its NFT id: its record, and who owns it. A token id the manager never minted is a 404. */
export async function readPosition(uni: UniswapV3, tokenId: number) {
  try {
    const [owner, p] = await Promise.all([
      uni.client.readContract({
        blockTag: NEXT_BLOCK,
        address: uni.positions,
        abi: uniswapV3PositionManagerAbi,
        functionName: "ownerOf",
        args: [BigInt(tokenId)],
      }),
      uni.client.readContract({
        blockTag: NEXT_BLOCK,
        address: uni.positions,
        abi: uniswapV3PositionManagerAbi,
        functionName: "positions",
        args: [BigInt(tokenId)],
      }),
    ]);
    const [nonce, operator, token0, token1, fee, tickLower, tickUpper, liquidity, fg0, fg1, owed0, owed1] = p;
    return {
      owner: getAddress(owner),
      nonce,
      operator,
      token0: getAddress(token0),
      token1: getAddress(token1),
      fee: Number(fee),
      tickLower: Number(tickLower),
      tickUpper: Number(tickUpper),
      liquidity,
      fg0,
      fg1,
      owed0,
      owed1,
    };
  } catch (error) {
    if (isWrongContract(error))
      throw new DomainError(404, "Position not found", `No Uniswap v3 position #${tokenId} on ${uni.chain}`);
    return rethrowRpc(uni.chain, error);
  }
}

async function ownedPosition(ctx: Context, body: Common & { token_id: number }) {
  const uni = uniswapV3(ctx.config, body.chain, ctx.services.chains.get(body.chain, ["body", "chain"]), [
    "body",
    "chain",
  ]);
  const sender = getAddress(body.sender) as Address;
  const position = await readPosition(uni, body.token_id);
  if (position.owner !== sender)
    throw fieldError(
      ["body", "token_id"],
      `position #${body.token_id} belongs to ${position.owner}, not the sender`,
    );
  return { uni, sender, position };
}

/** More of the position's two tokens into its range (`increaseLiquidity`), checked against balances and allowances. */
export async function increaseTransaction(
  body: Common & {
    token_id: number;
    amount0_desired: string;
    amount1_desired: string;
    amount0_min: string;
    amount1_min: string;
  },
  ctx: Context,
) {
  const { uni, sender, position } = await ownedPosition(ctx, body);
  const fields = prefetchTxFields(uni.client, body.chain, sender);
  const [t0, t1] = await Promise.all(
    [position.token0, position.token1].map((t, i) =>
      resolveErc20(ctx.config, uni.client, body.chain, t, ["body", `amount${i}_desired`]),
    ),
  );
  const d0 = units(body.amount0_desired, t0!, "amount0_desired");
  const d1 = units(body.amount1_desired, t1!, "amount1_desired");
  if (d0 === 0n && d1 === 0n)
    throw fieldError(["body", "amount0_desired"], "one of the amounts must be above 0");
  await Promise.all(
    (
      [
        [t0!, d0, "amount0_desired"],
        [t1!, d1, "amount1_desired"],
      ] as const
    ).map(([token, amount, field]) =>
      amount > 0n
        ? assertPullable(uni.client, body.chain, {
            token,
            owner: sender,
            spender: uni.positions,
            spenderName: "UniswapV3NFTPositionManager",
            amount,
            loc: ["body", field],
          })
        : undefined,
    ),
  );
  const data = encodeFunctionData({
    abi: uniswapV3PositionManagerAbi,
    functionName: "increaseLiquidity",
    args: [
      {
        tokenId: BigInt(body.token_id),
        amount0Desired: d0,
        amount1Desired: d1,
        amount0Min: units(body.amount0_min, t0!, "amount0_min"),
        amount1Min: units(body.amount1_min, t1!, "amount1_min"),
        deadline: await deadline(uni),
      },
    ],
  });
  return { transaction: await send(uni, sender, data, body, fields, "increase") };
}

/**
 * A share of the position's liquidity out, and its tokens (with the fees owed) to the sender: `decreaseLiquidity`
 * then `collect`, in one `multicall`. The amounts it frees are simulated first and held to at least 99.5 % of that,
 * so a price pushed between signing and mining cannot take the rest.
 */
export async function withdrawTransaction(
  body: Common & { token_id: number; percentage_for_withdrawal: string },
  ctx: Context,
) {
  const { uni, sender, position } = await ownedPosition(ctx, body);
  const fields = prefetchTxFields(uni.client, body.chain, sender);
  const pct = parseUnitsExact(body.percentage_for_withdrawal, 4);
  if (pct === null || pct <= 0n || pct > 100n * 10_000n)
    throw fieldError(["body", "percentage_for_withdrawal"], "above 0 and at most 100 (4 decimal places)");
  if (position.liquidity === 0n)
    throw fieldError(["body", "token_id"], `position #${body.token_id} holds no liquidity`);
  const liquidity = (position.liquidity * pct) / (100n * 10_000n);
  if (liquidity === 0n)
    throw fieldError(["body", "percentage_for_withdrawal"], "too small a share of the position's liquidity");
  const end = await deadline(uni);
  const decrease = (min0: bigint, min1: bigint) =>
    encodeFunctionData({
      abi: uniswapV3PositionManagerAbi,
      functionName: "decreaseLiquidity",
      args: [
        { tokenId: BigInt(body.token_id), liquidity, amount0Min: min0, amount1Min: min1, deadline: end },
      ],
    });
  const freed = await uni.client
    .simulateContract({
      account: sender,
      address: uni.positions,
      abi: uniswapV3PositionManagerAbi,
      functionName: "decreaseLiquidity",
      args: [{ tokenId: BigInt(body.token_id), liquidity, amount0Min: 0n, amount1Min: 0n, deadline: end }],
      blockTag: NEXT_BLOCK,
    } as never)
    .catch((e) => rethrowRpc(body.chain, e));
  const [a0, a1] = (freed as { result: readonly [bigint, bigint] }).result;
  const collect = encodeFunctionData({
    abi: uniswapV3PositionManagerAbi,
    functionName: "collect",
    args: [
      { tokenId: BigInt(body.token_id), recipient: sender, amount0Max: MAX_UINT128, amount1Max: MAX_UINT128 },
    ],
  });
  const data = encodeFunctionData({
    abi: uniswapV3PositionManagerAbi,
    functionName: "multicall",
    args: [[decrease((a0 * 995n) / 1000n, (a1 * 995n) / 1000n), collect]],
  });
  return { transaction: await send(uni, sender, data, body, fields, "withdrawal") };
}

/** Every position `user` holds, by NFT id: the position manager's record of each. */
export async function positionsOf(ctx: Context, chain: ChainName, user: Address) {
  const uni = uniswapV3(ctx.config, chain, ctx.services.chains.get(chain, ["query", "chain"]), [
    "query",
    "chain",
  ]);
  const read = <T>(functionName: string, args: unknown[]) =>
    uni.client.readContract({
      address: uni.positions,
      abi: uniswapV3PositionManagerAbi,
      functionName,
      args,
    } as never) as Promise<T>;
  try {
    const count = await read<bigint>("balanceOf", [user]);
    const ids = await Promise.all(
      Array.from({ length: Number(count > 500n ? 500n : count) }, (_, i) =>
        read<bigint>("tokenOfOwnerByIndex", [user, BigInt(i)]),
      ),
    );
    const records = await Promise.all(ids.map((id) => readPosition(uni, Number(id))));
    return {
      positions: Object.fromEntries(
        records.map((p, i) => [
          ids[i]!.toString(),
          {
            nonce: jsonInt(p.nonce),
            operator: p.operator,
            token0: p.token0,
            token1: p.token1,
            fee: p.fee,
            tick_lower: p.tickLower,
            tick_upper: p.tickUpper,
            liquidity: jsonInt(p.liquidity),
            fee_growth_inside0_last_x128: jsonInt(p.fg0),
            fee_growth_inside1_last_x128: jsonInt(p.fg1),
            tokens_owed0: jsonInt(p.owed0),
            tokens_owed1: jsonInt(p.owed1),
            lp_token_address: uni.positions,
          },
        ]),
      ),
    };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}

/** Whether the pool's tick is inside the position's range (the range earns fees only then). */
export async function inRange(ctx: Context, chain: ChainName, tokenId: number) {
  const uni = uniswapV3(ctx.config, chain, ctx.services.chains.get(chain, ["query", "chain"]), [
    "query",
    "chain",
  ]);
  const p = await readPosition(uni, tokenId);
  const pool = await uni.client
    .readContract({
      address: uni.factory,
      abi: uniswapV3FactoryAbi,
      functionName: "getPool",
      args: [p.token0, p.token1, p.fee],
    })
    .catch((e) => rethrowRpc(chain, e));
  const { tick } = await slot0(uni, pool);
  return { in_range: p.tickLower <= tick && tick < p.tickUpper };
}
