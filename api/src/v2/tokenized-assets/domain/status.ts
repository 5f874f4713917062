import type { TradingHours } from "@compass/constants";
import { closedReason, nextRegularSession, usEquitySession } from "../../../kernel/calendar/index.ts";

export type TradingState = "OPEN" | "CLOSED" | "PAUSED" | "LIMITED";

export interface TradingStatus {
  is_open: boolean;
  state: TradingState;
  reason: string | null;
  session: string | null;
  next_open: string | null;
  next_close: string | null;
}

const iso = (t: number) => new Date(t * 1000).toISOString();

/**
 * Can the asset trade at `now` (chain time)? 24/7 assets are open unless the issuer paused them; assets
 * that follow US equity hours trade in the NYSE regular session only (DST and holidays included).
 */
export function tradingStatus(hours: TradingHours, paused: boolean, now: number): TradingStatus {
  if (hours === "always") {
    return paused
      ? {
          is_open: false,
          state: "PAUSED",
          reason: "Trading paused by the issuer",
          session: null,
          next_open: null,
          next_close: null,
        }
      : { is_open: true, state: "OPEN", reason: null, session: null, next_open: null, next_close: null };
  }
  const session = usEquitySession(now);
  const next = nextRegularSession(now);
  const open = session === "regular";
  if (paused) {
    return {
      is_open: false,
      state: "PAUSED",
      reason: "Trading paused by the issuer",
      session,
      next_open: null,
      next_close: null,
    };
  }
  return {
    is_open: open,
    state: open ? "OPEN" : "CLOSED",
    reason: open ? null : closedReason(now),
    session,
    next_open: open ? null : iso(next.open),
    next_close: iso(next.close),
  };
}
