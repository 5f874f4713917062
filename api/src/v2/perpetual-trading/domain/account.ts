import type { Address } from "viem";
import type { z } from "zod";
import { fieldError } from "../../../kernel/errors.ts";
import { compareDecimal } from "../../../kernel/lib/decimal.ts";
import type { EnableUnifiedAccountRequest, WithdrawRequest } from "../schemas.ts";
import { unifiedAccountAction, withdrawAction } from "../venue/actions.ts";
import type { ClearinghouseState, UserAbstraction, UserRole } from "../venue/wire.ts";
import { DEX } from "./markets.ts";
import type { PerpetualTradingContext, Venue } from "./ports.ts";

export interface VenueAccount {
  /** the `xyz` dex's clearinghouse state: its positions and margin */
  dex: ClearinghouseState;
  /** USD: collateral + unrealized PnL, wherever the collateral sits */
  accountValue: string;
  withdrawable: string;
}

/**
 * The venue keeps one clearinghouse state per perp dex. Deposits land on the main dex; the `xyz` dex
 * sees that collateral only once the account is in a unified mode. So the account's value is the
 * `xyz` state's when that state holds anything (unified: collateral + PnL), else the main dex's (a
 * fresh deposit that cannot trade `xyz` yet) — never their sum, which would count the collateral twice.
 */
export async function readAccount(venue: Venue, owner: Address, signal?: AbortSignal): Promise<VenueAccount> {
  const [main, dex] = await Promise.all([
    venue.info<ClearinghouseState>({ type: "clearinghouseState", user: owner }, signal),
    venue.info<ClearinghouseState>({ type: "clearinghouseState", user: owner, dex: DEX }, signal),
  ]);
  const reaches = dex.assetPositions.length > 0 || Number(dex.marginSummary.accountValue) > 0;
  const source = reaches ? dex : main;
  return { dex, accountValue: source.marginSummary.accountValue, withdrawable: source.withdrawable };
}

/** The venue keeps $1 of every withdrawal for the Arbitrum transaction. */
const WITHDRAWAL_FEE_USDC = "1";

/**
 * POST /v2/perpetual_trading/withdraw: the withdrawal of `amount` USDC to `destination` (the owner) on Arbitrum, to
 * sign; more than the venue's fee, at most what the account can withdraw now.
 */
export async function prepareWithdraw(ctx: PerpetualTradingContext, body: z.output<typeof WithdrawRequest>) {
  if (compareDecimal(body.amount, WITHDRAWAL_FEE_USDC) <= 0)
    throw fieldError(
      ["body", "amount"],
      `Amount must exceed the venue's ${WITHDRAWAL_FEE_USDC} USDC withdrawal fee`,
    );
  const venue = ctx.services.venue;
  const { withdrawable } = await readAccount(venue, body.owner, ctx.signal);
  if (compareDecimal(body.amount, withdrawable) > 0)
    throw fieldError(["body", "amount"], `At most ${withdrawable} USDC can be withdrawn now`);
  return withdrawAction(
    (body.destination ?? body.owner).toLowerCase(),
    body.amount,
    venue.network,
    body.signature_chain_id,
  );
}

/** Modes in which the `xyz` dex already uses the account's collateral. */
const UNIFIED = new Set(["unifiedAccount", "portfolioMargin"]);

/**
 * POST /v2/perpetual_trading/enable_unified_account: the switch of the owner's account to the unified mode, to sign;
 * nothing to sign when it is unified already, a 422 when the venue has never credited the account.
 */
export async function prepareUnifiedAccount(
  ctx: PerpetualTradingContext,
  body: z.output<typeof EnableUnifiedAccountRequest>,
) {
  const venue = ctx.services.venue;
  const [mode, role] = await Promise.all([
    venue.info<UserAbstraction>({ type: "userAbstraction", user: body.owner }, ctx.signal),
    venue.info<UserRole>({ type: "userRole", user: body.owner }, ctx.signal),
  ]);
  if (UNIFIED.has(mode)) return { mode, typed_data: null, action: null, nonce: null };
  if (role.role === "missing")
    throw fieldError(
      ["body", "owner"],
      "The venue has never credited this account: must deposit USDC before changing its mode",
    );
  return {
    mode,
    ...(await unifiedAccountAction(body.owner.toLowerCase(), venue.network, body.signature_chain_id)),
  };
}
