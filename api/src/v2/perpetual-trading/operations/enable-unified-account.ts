import { fieldError } from "../../../kernel/errors.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { EnableUnifiedAccountRequest, EnableUnifiedAccountResponse } from "../schemas.ts";
import { unifiedAccountAction } from "../venue/actions.ts";
import type { UserAbstraction, UserRole } from "../venue/wire.ts";

/** Modes in which the `xyz` dex already uses the account's collateral. */
const UNIFIED = new Set(["unifiedAccount", "portfolioMargin"]);

export const enableUnifiedAccount = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/enable_unified_account",
  summary: "Let the traditional-asset markets use the account's collateral (to sign)",
  description:
    'Reads the account\'s mode. Already unified (or portfolio margin, reported as "portfolioMargin") → the mode and nothing to sign. Otherwise a user-signed `userSetAbstraction` action to execute. The venue refuses accounts it never credited: deposit first.',
  body: EnableUnifiedAccountRequest,
  response: EnableUnifiedAccountResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { aliases: ["eua"] },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
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
  },
});
