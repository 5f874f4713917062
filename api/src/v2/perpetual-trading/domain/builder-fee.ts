import type { Address } from "viem";
import type { z } from "zod";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import type { ApproveBuilderFeeRequest } from "../schemas.ts";
import { approveBuilderFeeAction } from "../venue/actions.ts";
import type { MaxBuilderFee } from "../venue/wire.ts";
import { readAccount } from "./account.ts";
import type { PerpetualTradingContext, Venue } from "./ports.ts";

/** Perp orders carry builder fees up to 0.1 % (100 tenths of a basis point); approvals may go to 1 %. */
export const ORDER_FEE_CAP_TENTH_BPS = 100;
export const APPROVAL_CAP_TENTH_BPS = 1000;
const ZERO = "0x0000000000000000000000000000000000000000";

/** "0.01%" → 10 tenths of a basis point (the venue's `f`); a 422 on `loc` when it is not a whole number of them. */
export function tenthBps(rate: string, cap: number, loc: Loc): number {
  const tenths = parseUnitsExact(rate.replace(/%$/, ""), 3);
  if (tenths === null)
    throw fieldError(loc, "Fee rate must be a whole number of tenths of a basis point (0.001 %)");
  if (tenths > BigInt(cap))
    throw fieldError(loc, `Fee rate must be at most ${Number(cap) / 1000}% (the venue's cap)`);
  return Number(tenths);
}

export function checkBuilderAddress(address: string, loc: Loc): void {
  if (address.toLowerCase() === ZERO) throw fieldError(loc, "Builder address must not be the zero address");
}

/** The order's `builder` field, once the owner has approved at least this rate (else the venue refuses it). */
export async function orderBuilder(
  venue: Venue,
  owner: Address,
  builder: { address: Address; max_fee_rate: string },
  signal?: AbortSignal,
): Promise<{ b: `0x${string}`; f: number }> {
  checkBuilderAddress(builder.address, ["body", "builder", "address"]);
  const f = tenthBps(builder.max_fee_rate, ORDER_FEE_CAP_TENTH_BPS, ["body", "builder", "max_fee_rate"]);
  const approved = await venue.info<MaxBuilderFee>(
    { type: "maxBuilderFee", user: owner, builder: builder.address },
    signal,
  );
  if (approved < f)
    throw fieldError(
      ["body", "builder", "max_fee_rate"],
      `The owner has approved this builder for ${approved / 1000}% at most; sign approve_builder_fee for ${builder.max_fee_rate} first`,
    );
  return { b: builder.address.toLowerCase() as `0x${string}`, f };
}

/** The venue only lets users approve a builder that holds this much in perps. */
const BUILDER_MIN_USDC = 100;

/**
 * POST /v2/perpetual_trading/approve_builder_fee: the owner's approval of a builder's fee up to `max_fee_rate`, to
 * sign; the builder must hold the venue's minimum.
 */
export async function prepareBuilderFeeApproval(
  ctx: PerpetualTradingContext,
  body: z.output<typeof ApproveBuilderFeeRequest>,
) {
  const { address, max_fee_rate } = body.builder;
  checkBuilderAddress(address, ["body", "builder", "address"]);
  tenthBps(max_fee_rate, APPROVAL_CAP_TENTH_BPS, ["body", "builder", "max_fee_rate"]);
  const venue = ctx.services.venue;
  const { accountValue } = await readAccount(venue, address, ctx.signal);
  if (Number(accountValue) < BUILDER_MIN_USDC)
    throw fieldError(
      ["body", "builder", "address"],
      `A builder must hold at least ${BUILDER_MIN_USDC} USDC at the venue; this one holds ${accountValue}`,
    );
  return approveBuilderFeeAction(address.toLowerCase(), max_fee_rate, venue.network, body.signature_chain_id);
}
