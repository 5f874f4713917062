import type { z } from "zod";
import { fieldError } from "../../kernel/errors.ts";
import { V0_TOKENS, type V0AerodromePosition, type V0ChainValue, type V0TokenValue } from "../schemas.ts";
import {
  amountText,
  chainOf,
  POSITION_INTEGERS,
  type V1PositionRecord,
  viaV1,
  withIntegers,
} from "./adapt.ts";
import type { V0Context } from "./ports.ts";

type V1Position = V1PositionRecord & { tick_spacing: number; token_id: number | string };

const listed = new Set<string>(V0_TOKENS);

/**
 * v1's Slipstream positions as v0 listed them: big numbers as JSON integers, and only positions whose two tokens
 * are in v0's token list (its schema names them by that list).
 */
export async function v0SlipstreamPositions(ctx: V0Context, body: { chain: V0ChainValue; user: string }) {
  const v1 = await viaV1<{ positions: Record<string, V1Position> }>(
    ctx,
    "v1_aerodrome_slipstream_liquidity_provision_positions",
    { query: { chain: chainOf(body.chain), user: body.user } },
  );
  const positions: Record<string, z.output<typeof V0AerodromePosition>> = {};
  for (const [id, p] of Object.entries(v1.positions)) {
    if (!listed.has(p.token0) || !listed.has(p.token1)) continue;
    const n = withIntegers(p, [...POSITION_INTEGERS, "token_id"] as const);
    positions[id] = { ...n, token0: p.token0 as V0TokenValue, token1: p.token1 as V0TokenValue };
  }
  return { positions };
}

/** A v0 bound of 0 meant "no bound"; v1 takes a positive one (or its default from the quote). */
export function v0Bound(value: number | string | undefined): string | undefined {
  if (value === undefined || Number(value) === 0) return undefined;
  return amountText(value);
}

/** v0's buy bound is required and positive: 0 would buy nothing. */
export function v0RequiredBound(value: number | string): string {
  if (Number(value) === 0) throw fieldError(["body", "amount_in_maximum"], "Input should be greater than 0");
  return amountText(value);
}
