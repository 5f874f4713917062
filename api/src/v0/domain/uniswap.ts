import { fieldError } from "../../kernel/errors.ts";
import { toRawAmountOrZero } from "../../kernel/lib/amounts.ts";
import { swapTransaction, UNISWAP_V3, uniswapV3 } from "../../protocols/uniswap-v3/index.ts";
import type { V0ChainValue } from "../schemas.ts";
import {
  amountText,
  chainOf,
  POSITION_INTEGERS,
  type V1PositionRecord,
  v0Transaction,
  viaV1,
  withIntegers,
} from "./adapt.ts";
import type { V0Context } from "./ports.ts";

type Swap = {
  chain: V0ChainValue;
  sender: string;
  token_in: string;
  token_out: string;
  fee: "0.01" | "0.05" | "0.3" | "1.0";
  wrap_eth: boolean;
};

/**
 * v0's swaps name their bound as an amount of the other token (v1 as a slippage from the quote): the same swap
 * builder as v1's, given the amount. Wrapping ETH inside the swap is not offered; a 422 says to wrap first.
 */
export async function v0Swap(
  ctx: V0Context,
  side: "sell" | "buy",
  body: Swap & {
    amount_in?: number | string;
    amount_out?: number | string;
    amount_out_minimum?: number | string;
    amount_in_maximum?: number | string;
  },
) {
  if (body.wrap_eth)
    throw fieldError(
      ["body", "wrap_eth"],
      "wrapping ETH inside the swap is not offered: wrap first (POST /v0/generic/wrap_eth)",
    );
  const boundField = side === "sell" ? "amount_out_minimum" : "amount_in_maximum";
  const chain = chainOf(body.chain);
  const { transaction } = await swapTransaction(
    ctx.config,
    uniswapV3(UNISWAP_V3, ctx.config, ctx.services.chains, chain, ["body", "chain"]),
    { tier: body.fee },
    side,
    {
      sender: body.sender,
      estimate_gas: true,
      token_in: body.token_in,
      token_out: body.token_out,
      ...(side === "sell"
        ? { amount_in: amountText(body.amount_in!) }
        : { amount_out: amountText(body.amount_out!) }),
    },
    // the least a sale gives, the most a purchase takes, as v0 names it: an amount of the other token
    (_quoted, other) =>
      toRawAmountOrZero(
        amountText(body[boundField] ?? 0),
        other.decimals,
        ["body", boundField],
        other.symbol,
      ),
  );
  return v0Transaction(transaction);
}

/** v1's positions, their big numbers as JSON integers (v1 writes those beyond 2^53 as strings) and without v1's additions. */
export async function v0Positions(ctx: V0Context, body: { chain: V0ChainValue; user: string }) {
  type V1Position = V1PositionRecord & { fee: number; lp_token_address?: string | null };

  const v1 = await viaV1<{ positions: Record<string, V1Position> }>(
    ctx,
    "v1_uniswap_liquidity_provision_positions",
    { query: { chain: chainOf(body.chain), user: body.user } },
  );
  return {
    positions: Object.fromEntries(
      Object.entries(v1.positions).map(([id, { lp_token_address: _, ...p }]) => [
        id,
        withIntegers(p, POSITION_INTEGERS),
      ]),
    ),
  };
}
