import { type Address, encodeFunctionData, getAddress, type Hex } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { isWrongContract } from "../../kernel/chain/contract-check.ts";
import { assertPullable, type Erc20, resolveErc20 } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { describeRevert, RevertError, revertDataOf } from "../../kernel/chain/revert.ts";
import {
  deadlineAfterNextBlock,
  prefetchTxFields,
  senderTransaction,
} from "../../kernel/chain/transaction.ts";
import type { Config } from "../../kernel/config/env.ts";
import { fieldError } from "../../kernel/errors.ts";
import { toRawAmountOrZero } from "../../kernel/lib/amounts.ts";
import { parseUnitsExact } from "../../kernel/lib/decimal.ts";
import type { UniswapV3 } from "./deployment.ts";
import { ownedPosition } from "./positions.ts";

const MAX_UINT128 = 2n ** 128n - 1n;

/** What every position write names: the sender, and whether to estimate gas. */
export interface Write {
  sender: string;
  estimate_gas: boolean;
}
/** The two amounts a position takes at most and at least, in human units (the request's order). */
export interface Amounts {
  amount0_desired: string;
  amount1_desired: string;
  amount0_min: string;
  amount1_min: string;
}

/** An amount field in the token's units; 0 allowed (a one-sided range takes none of one token). */
export const units = (text: string, token: Erc20, field: string) =>
  toRawAmountOrZero(text, token.decimals, ["body", field], token.symbol);

export const deadline = (uni: UniswapV3) => deadlineAfterNextBlock(uni.client, uni.chain);

export function send(
  uni: UniswapV3,
  sender: Address,
  data: Hex,
  body: Write,
  fields: ReturnType<typeof prefetchTxFields>,
  what: string,
) {
  return senderTransaction(uni.client, uni.chain, { from: sender, to: uni.positions, data }, fields, {
    estimateGas: body.estimate_gas,
    refusal: `${uni.variant.labels.positions} refuses the ${what}`,
  });
}

/** The sender must hold each amount above 0 and have approved the position manager for it. */
export function pullAll(uni: UniswapV3, sender: Address, items: [Erc20, bigint, string][]) {
  return Promise.all(
    items.map(([token, amount, field]) =>
      amount > 0n
        ? assertPullable(uni.client, uni.chain, {
            token,
            owner: sender,
            spender: uni.positions,
            spenderName: uni.variant.spenders.positions,
            amount,
            loc: ["body", field],
          })
        : undefined,
    ),
  );
}

/** More of the position's two tokens into its range (`increaseLiquidity`), checked against balances and allowances. */
export async function increaseTransaction(
  config: Config,
  uni: UniswapV3,
  body: Write & Amounts & { token_id: number },
) {
  const sender = getAddress(body.sender) as Address;
  const position = await ownedPosition(uni, sender, body.token_id);
  const fields = prefetchTxFields(uni.client, uni.chain, sender);
  const [t0, t1] = await Promise.all(
    [position.token0, position.token1].map((t, i) =>
      resolveErc20(config, uni.client, uni.chain, t, ["body", `amount${i}_desired`]),
    ),
  );
  const d0 = units(body.amount0_desired, t0!, "amount0_desired");
  const d1 = units(body.amount1_desired, t1!, "amount1_desired");
  if (d0 === 0n && d1 === 0n)
    throw fieldError(["body", "amount0_desired"], "one of the amounts must be above 0");
  await pullAll(uni, sender, [
    [t0!, d0, "amount0_desired"],
    [t1!, d1, "amount1_desired"],
  ]);
  const data = encodeFunctionData({
    abi: uni.variant.abis.positions,
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
 * so a price pushed between signing and mining cannot take the rest; a simulation the manager refuses is a refusal
 * naming why.
 */
export async function withdrawTransaction(
  uni: UniswapV3,
  body: Write & { token_id: number; percentage_for_withdrawal: string },
) {
  const sender = getAddress(body.sender) as Address;
  const position = await ownedPosition(uni, sender, body.token_id);
  const fields = prefetchTxFields(uni.client, uni.chain, sender);
  const pct = parseUnitsExact(body.percentage_for_withdrawal, 4);
  if (pct === null || pct <= 0n || pct > 100n * 10_000n)
    throw fieldError(["body", "percentage_for_withdrawal"], "above 0 and at most 100 (4 decimal places)");
  if (position.liquidity === 0n)
    throw fieldError(["body", "token_id"], `position #${body.token_id} holds no liquidity`);
  const liquidity = (position.liquidity * pct) / (100n * 10_000n);
  if (liquidity === 0n)
    throw fieldError(["body", "percentage_for_withdrawal"], "too small a share of the position's liquidity");
  const end = await deadline(uni);
  const decrease = (amount0Min: bigint, amount1Min: bigint) => ({
    tokenId: BigInt(body.token_id),
    liquidity,
    amount0Min,
    amount1Min,
    deadline: end,
  });
  const freed = await uni.client
    .simulateContract({
      account: sender,
      address: uni.positions,
      abi: uni.variant.abis.positions,
      functionName: "decreaseLiquidity",
      args: [decrease(0n, 0n)],
      blockTag: NEXT_BLOCK,
    } as never)
    .catch((e) => {
      const data = revertDataOf(e);
      if (data !== undefined || isWrongContract(e))
        throw new RevertError(
          `${uni.variant.labels.positions} refuses the withdrawal: ${describeRevert(data)}`,
        );
      return rethrowRpc(uni.chain, e);
    });
  const [a0, a1] = (freed as { result: readonly [bigint, bigint] }).result;
  const call = (functionName: string, args: unknown[]) =>
    encodeFunctionData({ abi: uni.variant.abis.positions, functionName, args });
  const data = call("multicall", [
    [
      call("decreaseLiquidity", [decrease((a0 * 995n) / 1000n, (a1 * 995n) / 1000n)]),
      call("collect", [
        {
          tokenId: BigInt(body.token_id),
          recipient: sender,
          amount0Max: MAX_UINT128,
          amount1Max: MAX_UINT128,
        },
      ]),
    ],
  ]);
  return { transaction: await send(uni, sender, data, body, fields, "withdrawal") };
}
