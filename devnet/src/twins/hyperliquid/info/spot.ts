import type { Core } from "../engine/core.ts";
import { formatUsd } from "../engine/decimal.ts";
import { summarize } from "../engine/margin.ts";
import { USDC_TOKEN_IDS } from "../engine/spot.ts";
import type { Json } from "../signing/fields.ts";
import { userOf } from "./account.ts";
import type { SpotAssetCtx, SpotClearinghouseState, SpotMeta } from "./shapes.ts";

/**
 * Spot answers. The twin lists no spot pairs, only USDC (token 0, the collateral every account
 * holds), so clients that index spot metadata at start-up (the official Python SDK's Info) work.
 */
export function spotMeta(core: Core): SpotMeta {
  return {
    universe: [],
    tokens: [
      {
        name: "USDC",
        szDecimals: 8,
        weiDecimals: 8,
        index: 0,
        tokenId: USDC_TOKEN_IDS[core.network],
        isCanonical: true,
        evmContract: null,
        fullName: null,
        deployerTradingFeeShare: "0.0",
      },
    ],
  };
}

export function spotMetaAndAssetCtxs(core: Core): [SpotMeta, SpotAssetCtx[]] {
  return [spotMeta(core), []];
}

/**
 * An account in a unified or portfolio-margin mode holds its collateral as spot USDC (held as far
 * as margin and orders use it); one in the default mode keeps it in the perp clearinghouse, so
 * its spot side is empty.
 */
export function spotClearinghouseState(core: Core, req: Json): SpotClearinghouseState {
  const user = userOf(req);
  const account = core.peek(user);
  if (!account || account.abstraction === "default" || account.abstraction === "disabled")
    return { balances: [] };
  const s = summarize(core, user);
  const isolated = s.positions.reduce((sum, p) => sum + p.isoMargin, 0);
  const total = s.cash + isolated;
  const hold = Math.min(total, s.crossMarginUsed + isolated + s.orderMargin);
  return {
    balances: [
      {
        coin: "USDC",
        token: 0,
        total: formatUsd(Math.round(total)),
        hold: formatUsd(Math.round(Math.max(0, hold))),
        entryNtl: "0.0",
      },
    ],
  };
}
