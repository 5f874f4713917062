import {
  aerodromeSlipstreamFactoryAbi,
  aerodromeSlipstreamPoolAbi,
  aerodromeSlipstreamPositionManagerAbi,
  aerodromeSlipstreamQuoterV2Abi,
  aerodromeSlipstreamRouterAbi,
} from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  formatUnits,
  getAddress,
  type Hex,
  type PublicClient,
  zeroAddress,
} from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { isWrongContract } from "../../../kernel/chain/contract-check.ts";
import { assertPullable, type Erc20, resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { describeRevert, RevertError, revertDataOf } from "../../../kernel/chain/revert.ts";
import {
  deadlineAfterNextBlock,
  prefetchTxFields,
  senderTransaction,
} from "../../../kernel/chain/transaction.ts";
import { addressBook } from "../../../kernel/config/env.ts";
import type { Context } from "../../../kernel/context.ts";
import { DomainError, fieldError, type Loc } from "../../../kernel/errors.ts";
import { jsonInt, toRawAmount } from "../../../kernel/lib/amounts.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import { type Pool, priceInPerOut } from "../../uniswap/index.ts";

const CHAIN = "base";
const MAX_UINT128 = 2n ** 128n - 1n;
const MAX_TICK = 887272;
const DEFAULT_SLIPPAGE_BPS = 50n;

type Common = { sender: string; estimate_gas: boolean };

/** Slipstream on base, by the address book's names; a deployment without it is a 422 on `chain`. */
function slipstream(ctx: Context, at: "query" | "body") {
  const c = addressBook(ctx.config)?.chains[CHAIN]?.contracts ?? {};
  const names = [
    "AerodromeSlipstreamFactory",
    "AerodromeSlipstreamRouter",
    "AerodromeSlipstreamQuoterV2",
    "AerodromeSlipstreamPositionManager",
  ] as const;
  if (names.some((n) => !c[n]))
    throw fieldError([at, "chain"], "Aerodrome Slipstream is not deployed on base in this deployment");
  return {
    client: ctx.services.chains.get(CHAIN, [at, "chain"]),
    factory: getAddress(c.AerodromeSlipstreamFactory!),
    router: getAddress(c.AerodromeSlipstreamRouter!),
    quoter: getAddress(c.AerodromeSlipstreamQuoterV2!),
    positions: getAddress(c.AerodromeSlipstreamPositionManager!),
  };
}
type Slipstream = ReturnType<typeof slipstream>;

/**
 * The pool of two tokens at a tick spacing, as CLFactory has it; none is a 404 naming it. `fee` is the pool's
 * current swap fee (hundredths of a basis point), `spacing` its tick spacing.
 */
async function readPool(
  ctx: Context,
  s: Slipstream,
  a: string,
  b: string,
  spacing: number,
  loc: { a: Loc; b: Loc },
): Promise<Pool> {
  const [ta, tb] = await Promise.all([
    resolveErc20(ctx.config, s.client, CHAIN, a, loc.a),
    resolveErc20(ctx.config, s.client, CHAIN, b, loc.b),
  ]);
  if (ta.address === tb.address) throw fieldError(loc.b, "must differ from the other token");
  const address = await s.client
    .readContract({
      blockTag: NEXT_BLOCK,
      address: s.factory,
      abi: aerodromeSlipstreamFactoryAbi,
      functionName: "getPool",
      args: [ta.address, tb.address, spacing],
    })
    .catch((e) => rethrowRpc(CHAIN, e));
  if (address === zeroAddress)
    throw new DomainError(
      404,
      "Pool not found",
      `Aerodrome Slipstream has no ${ta.symbol}/${tb.symbol} pool at tick spacing ${spacing} on base`,
    );
  const fee = await s.client
    .readContract({ blockTag: NEXT_BLOCK, address, abi: aerodromeSlipstreamPoolAbi, functionName: "fee" })
    .catch((e) => rethrowRpc(CHAIN, e));
  const [token0, token1] = BigInt(ta.address) < BigInt(tb.address) ? [ta, tb] : [tb, ta];
  return { address: getAddress(address), fee: Number(fee), spacing, token0, token1, a: ta, b: tb };
}

async function slot0(client: PublicClient, pool: Address) {
  const [sqrtPriceX96, tick] = await client
    .readContract({
      blockTag: NEXT_BLOCK,
      address: pool,
      abi: aerodromeSlipstreamPoolAbi,
      functionName: "slot0",
    })
    .catch((e) => rethrowRpc(CHAIN, e));
  return { sqrtPriceX96, tick: Number(tick) };
}

/** The pool's current price (token_in per one token_out) and tick. */
export async function poolPrice(
  ctx: Context,
  q: { token_in: string; token_out: string; tick_spacing: number },
) {
  const s = slipstream(ctx, "query");
  const pool = await readPool(ctx, s, q.token_in, q.token_out, q.tick_spacing, {
    a: ["query", "token_in"],
    b: ["query", "token_out"],
  });
  const { sqrtPriceX96, tick } = await slot0(s.client, pool.address);
  return {
    token_in: pool.a.address,
    token_out: pool.b.address,
    price: priceInPerOut(sqrtPriceX96, pool, pool.a),
    tick,
  };
}

/** Slipstream's QuoterV2 by eth_call: the other side of a swap; a swap the pool cannot fill is a 422 on `loc`. */
async function quote(
  s: Slipstream,
  pool: Pool,
  side: "sell" | "buy",
  amount: bigint,
  loc: Loc,
): Promise<bigint> {
  const [tokenIn, tokenOut] = [pool.a, pool.b];
  try {
    const { result } = await s.client.simulateContract({
      address: s.quoter,
      abi: aerodromeSlipstreamQuoterV2Abi,
      functionName: side === "sell" ? "quoteExactInputSingle" : "quoteExactOutputSingle",
      args: [
        side === "sell"
          ? {
              tokenIn: tokenIn.address,
              tokenOut: tokenOut.address,
              amountIn: amount,
              tickSpacing: pool.spacing,
              sqrtPriceLimitX96: 0n,
            }
          : {
              tokenIn: tokenIn.address,
              tokenOut: tokenOut.address,
              amount,
              tickSpacing: pool.spacing,
              sqrtPriceLimitX96: 0n,
            },
      ],
      blockTag: NEXT_BLOCK,
    } as never);
    return (result as unknown as [bigint])[0];
  } catch (error) {
    const text = String((error as Error)?.message);
    if (/revert/i.test(text) && !/HttpRequestError|TimeoutError/.test(text))
      throw fieldError(
        loc,
        `the ${tokenIn.symbol}/${tokenOut.symbol} pool cannot fill this swap (not enough liquidity in range)`,
      );
    return rethrowRpc(CHAIN, error);
  }
}

const deadline = (client: PublicClient) => deadlineAfterNextBlock(client, CHAIN);

/**
 * A swap in one pool through Slipstream's SwapRouter for the sender: selling exactly `amount_in` for at least
 * `amount_out_minimum` (default: the quote less 0.5 %), or buying exactly `amount_out` for at most
 * `amount_in_maximum`. A bound the pool's quote already misses is a 422 on it (the swap would revert); the
 * sender's balance and allowance to `AerodromeSlipstreamRouter` are checked first.
 */
export async function swap(
  ctx: Context,
  side: "sell" | "buy",
  body: Common & {
    token_in: string;
    token_out: string;
    tick_spacing: number;
    amount_in?: string;
    amount_out_minimum?: string;
    amount_out?: string;
    amount_in_maximum?: string;
  },
) {
  const s = slipstream(ctx, "body");
  const pool = await readPool(ctx, s, body.token_in, body.token_out, body.tick_spacing, {
    a: ["body", "token_in"],
    b: ["body", "token_out"],
  });
  const [tokenIn, tokenOut] = [pool.a, pool.b];
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(s.client, CHAIN, sender);
  const fixedLoc: Loc = ["body", side === "sell" ? "amount_in" : "amount_out"];
  const exact =
    side === "sell"
      ? toRawAmount(body.amount_in!, tokenIn.decimals, fixedLoc, tokenIn.symbol)
      : toRawAmount(body.amount_out!, tokenOut.decimals, fixedLoc, tokenOut.symbol);
  const other = await quote(s, pool, side, exact, fixedLoc);
  let bound: bigint;
  if (side === "sell") {
    bound =
      body.amount_out_minimum === undefined
        ? (other * (10_000n - DEFAULT_SLIPPAGE_BPS)) / 10_000n
        : toRawAmount(
            body.amount_out_minimum,
            tokenOut.decimals,
            ["body", "amount_out_minimum"],
            tokenOut.symbol,
          );
    if (bound > other)
      throw fieldError(
        ["body", "amount_out_minimum"],
        `the pool gives ${formatUnits(other, tokenOut.decimals)} ${tokenOut.symbol} now, less than this minimum`,
      );
  } else {
    bound = toRawAmount(
      body.amount_in_maximum!,
      tokenIn.decimals,
      ["body", "amount_in_maximum"],
      tokenIn.symbol,
    );
    if (bound < other)
      throw fieldError(
        ["body", "amount_in_maximum"],
        `the pool takes ${formatUnits(other, tokenIn.decimals)} ${tokenIn.symbol} now, more than this maximum`,
      );
  }
  await assertPullable(s.client, CHAIN, {
    token: tokenIn,
    owner: sender,
    spender: s.router,
    spenderName: "AerodromeSlipstreamRouter",
    amount: side === "sell" ? exact : bound,
    loc: fixedLoc,
  });
  const common = {
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    tickSpacing: pool.spacing,
    recipient: sender,
    deadline: await deadline(s.client),
    sqrtPriceLimitX96: 0n,
  };
  const data =
    side === "sell"
      ? encodeFunctionData({
          abi: aerodromeSlipstreamRouterAbi,
          functionName: "exactInputSingle",
          args: [{ ...common, amountIn: exact, amountOutMinimum: bound }],
        })
      : encodeFunctionData({
          abi: aerodromeSlipstreamRouterAbi,
          functionName: "exactOutputSingle",
          args: [{ ...common, amountOut: exact, amountInMaximum: bound }],
        });
  const transaction = await senderTransaction(s.client, CHAIN, { from: sender, to: s.router, data }, fields, {
    estimateGas: body.estimate_gas,
    refusal: "Slipstream's SwapRouter refuses the swap",
  });
  return { transaction };
}

/** An amount field in the token's units; 0 allowed (a one-sided range takes none of one token). */
function units(text: string, token: Erc20, field: string): bigint {
  const raw = parseUnitsExact(text, token.decimals);
  if (raw === null)
    throw fieldError(["body", field], `${token.symbol} has ${token.decimals} decimals; ${text} has more`);
  return raw;
}

function positionTransaction(
  s: Slipstream,
  sender: Address,
  data: Hex,
  body: Common,
  fields: ReturnType<typeof prefetchTxFields>,
  what: string,
) {
  return senderTransaction(s.client, CHAIN, { from: sender, to: s.positions, data }, fields, {
    estimateGas: body.estimate_gas,
    refusal: `Slipstream's position manager refuses the ${what}`,
  });
}

function pullAll(s: Slipstream, sender: Address, items: [Erc20, bigint, string][]) {
  return Promise.all(
    items.map(([token, amount, field]) =>
      amount > 0n
        ? assertPullable(s.client, CHAIN, {
            token,
            owner: sender,
            spender: s.positions,
            spenderName: "AerodromeSlipstreamNonfungiblePositionManager",
            amount,
            loc: ["body", field],
          })
        : undefined,
    ),
  );
}

/**
 * A new position: `mint` on Slipstream's position manager in an existing pool (the request may name the tokens
 * either way), the ticks held to the pool's spacing and bounds, balances and allowances checked first.
 */
export async function mint(
  ctx: Context,
  body: Common & {
    token0: string;
    token1: string;
    tick_spacing: number;
    tick_lower: number;
    tick_upper: number;
    amount0_desired: string;
    amount1_desired: string;
    amount0_min: string;
    amount1_min: string;
    recipient?: string | null;
  },
) {
  const s = slipstream(ctx, "body");
  for (const [field, tick] of [
    ["tick_lower", body.tick_lower],
    ["tick_upper", body.tick_upper],
  ] as const) {
    if (body.tick_spacing > 0 && tick % body.tick_spacing !== 0)
      throw fieldError(["body", field], `a multiple of the tick spacing ${body.tick_spacing}`);
    if (tick < -MAX_TICK || tick > MAX_TICK)
      throw fieldError(["body", field], `between ${-MAX_TICK} and ${MAX_TICK}`);
  }
  if (body.tick_lower >= body.tick_upper) throw fieldError(["body", "tick_upper"], "above tick_lower");
  const pool = await readPool(ctx, s, body.token0, body.token1, body.tick_spacing, {
    a: ["body", "token0"],
    b: ["body", "token1"],
  });
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(s.client, CHAIN, sender);
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
  const [x0, x1] = pool.a.address !== pool.token0.address ? [b, a] : [a, b];
  await pullAll(s, sender, [
    [pool.a, a.desired, "amount0_desired"],
    [pool.b, b.desired, "amount1_desired"],
  ]);
  const data = encodeFunctionData({
    abi: aerodromeSlipstreamPositionManagerAbi,
    functionName: "mint",
    args: [
      {
        token0: pool.token0.address,
        token1: pool.token1.address,
        tickSpacing: pool.spacing,
        tickLower: body.tick_lower,
        tickUpper: body.tick_upper,
        amount0Desired: x0.desired,
        amount1Desired: x1.desired,
        amount0Min: x0.min,
        amount1Min: x1.min,
        recipient: getAddress(body.recipient ?? sender),
        deadline: await deadline(s.client),
        // an existing pool: the manager must not create one
        sqrtPriceX96: 0n,
      },
    ],
  });
  return { transaction: await positionTransaction(s, sender, data, body, fields, "mint") };
}

async function readPosition(s: Slipstream, tokenId: number) {
  try {
    const read = <T>(functionName: "ownerOf" | "positions") =>
      s.client.readContract({
        blockTag: NEXT_BLOCK,
        address: s.positions,
        abi: aerodromeSlipstreamPositionManagerAbi,
        functionName,
        args: [BigInt(tokenId)],
      } as never) as Promise<T>;
    const [owner, p] = await Promise.all([
      read<Address>("ownerOf"),
      read<
        readonly [
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
        ]
      >("positions"),
    ]);
    const [
      nonce,
      operator,
      token0,
      token1,
      tickSpacing,
      tickLower,
      tickUpper,
      liquidity,
      fg0,
      fg1,
      owed0,
      owed1,
    ] = p;
    return {
      owner: getAddress(owner),
      nonce,
      operator,
      token0: getAddress(token0),
      token1: getAddress(token1),
      tickSpacing: Number(tickSpacing),
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
        `No Aerodrome Slipstream position #${tokenId} on base`,
      );
    return rethrowRpc(CHAIN, error);
  }
}

async function ownedPosition(ctx: Context, body: Common & { token_id: number }) {
  const s = slipstream(ctx, "body");
  const sender = getAddress(body.sender) as Address;
  const position = await readPosition(s, body.token_id);
  if (position.owner !== sender)
    throw fieldError(
      ["body", "token_id"],
      `position #${body.token_id} belongs to ${position.owner}, not the sender`,
    );
  return { s, sender, position };
}

/** More of the position's two tokens into its range (`increaseLiquidity`), balances and allowances checked first. */
export async function increase(
  ctx: Context,
  body: Common & {
    token_id: number;
    amount0_desired: string;
    amount1_desired: string;
    amount0_min: string;
    amount1_min: string;
  },
) {
  const { s, sender, position } = await ownedPosition(ctx, body);
  const fields = prefetchTxFields(s.client, CHAIN, sender);
  const [t0, t1] = await Promise.all(
    [position.token0, position.token1].map((t, i) =>
      resolveErc20(ctx.config, s.client, CHAIN, t, ["body", `amount${i}_desired`]),
    ),
  );
  const d0 = units(body.amount0_desired, t0!, "amount0_desired");
  const d1 = units(body.amount1_desired, t1!, "amount1_desired");
  if (d0 === 0n && d1 === 0n)
    throw fieldError(["body", "amount0_desired"], "one of the amounts must be above 0");
  await pullAll(s, sender, [
    [t0!, d0, "amount0_desired"],
    [t1!, d1, "amount1_desired"],
  ]);
  const data = encodeFunctionData({
    abi: aerodromeSlipstreamPositionManagerAbi,
    functionName: "increaseLiquidity",
    args: [
      {
        tokenId: BigInt(body.token_id),
        amount0Desired: d0,
        amount1Desired: d1,
        amount0Min: units(body.amount0_min, t0!, "amount0_min"),
        amount1Min: units(body.amount1_min, t1!, "amount1_min"),
        deadline: await deadline(s.client),
      },
    ],
  });
  return { transaction: await positionTransaction(s, sender, data, body, fields, "increase") };
}

/**
 * A share of the position's liquidity out and its tokens (fees included) to the sender: `decreaseLiquidity` then
 * `collect` in one `multicall`, each amount held to 99.5 % of what a simulation frees.
 */
export async function withdraw(
  ctx: Context,
  body: Common & { token_id: number; percentage_for_withdrawal: string },
) {
  const { s, sender, position } = await ownedPosition(ctx, body);
  const fields = prefetchTxFields(s.client, CHAIN, sender);
  const pct = parseUnitsExact(body.percentage_for_withdrawal, 4);
  if (pct === null || pct <= 0n || pct > 100n * 10_000n)
    throw fieldError(["body", "percentage_for_withdrawal"], "above 0 and at most 100 (4 decimal places)");
  if (position.liquidity === 0n)
    throw fieldError(["body", "token_id"], `position #${body.token_id} holds no liquidity`);
  const liquidity = (position.liquidity * pct) / (100n * 10_000n);
  if (liquidity === 0n)
    throw fieldError(["body", "percentage_for_withdrawal"], "too small a share of the position's liquidity");
  const end = await deadline(s.client);
  const decrease = (amount0Min: bigint, amount1Min: bigint) => ({
    tokenId: BigInt(body.token_id),
    liquidity,
    amount0Min,
    amount1Min,
    deadline: end,
  });
  const freed = await s.client
    .simulateContract({
      account: sender,
      address: s.positions,
      abi: aerodromeSlipstreamPositionManagerAbi,
      functionName: "decreaseLiquidity",
      args: [decrease(0n, 0n)],
      blockTag: NEXT_BLOCK,
    } as never)
    .catch((e) => {
      const data = revertDataOf(e);
      if (data !== undefined || isWrongContract(e))
        throw new RevertError(
          `Slipstream's position manager refuses the withdrawal: ${describeRevert(data)}`,
        );
      return rethrowRpc(CHAIN, e);
    });
  const [a0, a1] = (freed as { result: readonly [bigint, bigint] }).result;
  const data = encodeFunctionData({
    abi: aerodromeSlipstreamPositionManagerAbi,
    functionName: "multicall",
    args: [
      [
        encodeFunctionData({
          abi: aerodromeSlipstreamPositionManagerAbi,
          functionName: "decreaseLiquidity",
          args: [decrease((a0 * 995n) / 1000n, (a1 * 995n) / 1000n)],
        }),
        encodeFunctionData({
          abi: aerodromeSlipstreamPositionManagerAbi,
          functionName: "collect",
          args: [
            {
              tokenId: BigInt(body.token_id),
              recipient: sender,
              amount0Max: MAX_UINT128,
              amount1Max: MAX_UINT128,
            },
          ],
        }),
      ],
    ],
  });
  return { transaction: await positionTransaction(s, sender, data, body, fields, "withdrawal") };
}

/** Every Slipstream position `user` holds, by NFT id: the position manager's record of each. */
export async function positionsOf(ctx: Context, user: string) {
  const s = slipstream(ctx, "query");
  const owner = getAddress(user);
  const read = <T>(functionName: string, args: unknown[]) =>
    s.client.readContract({
      address: s.positions,
      abi: aerodromeSlipstreamPositionManagerAbi,
      functionName,
      args,
    } as never) as Promise<T>;
  try {
    const count = await read<bigint>("balanceOf", [owner]);
    const ids = await Promise.all(
      Array.from({ length: Number(count > 500n ? 500n : count) }, (_, i) =>
        read<bigint>("tokenOfOwnerByIndex", [owner, BigInt(i)]),
      ),
    );
    const records = await Promise.all(ids.map((id) => readPosition(s, Number(id))));
    return {
      positions: Object.fromEntries(
        records.map((p, i) => [
          ids[i]!.toString(),
          {
            nonce: jsonInt(p.nonce),
            operator: p.operator,
            token0: p.token0,
            token1: p.token1,
            tick_spacing: p.tickSpacing,
            tick_lower: p.tickLower,
            tick_upper: p.tickUpper,
            liquidity: jsonInt(p.liquidity),
            fee_growth_inside0_last_x128: jsonInt(p.fg0),
            fee_growth_inside1_last_x128: jsonInt(p.fg1),
            tokens_owed0: jsonInt(p.owed0),
            tokens_owed1: jsonInt(p.owed1),
            token_id: jsonInt(ids[i]!),
          },
        ]),
      ),
    };
  } catch (error) {
    return rethrowRpc(CHAIN, error);
  }
}
