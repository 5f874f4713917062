import { type Dispatch, useEffect } from "react";
import type { OnrampApi } from "./api.ts";
import { toOnrampError } from "./errors.ts";
import { isFiatAmount } from "./format.ts";
import type { OnrampAction, OnrampState } from "./machine.ts";

const TYPING_PAUSE_MS = 400;
/** refresh this long before a quote expires, never more often than the floor */
const REFRESH_AHEAD_MS = 10_000;
const REFRESH_FLOOR_MS = 5_000;
/**
 * setTimeout takes at most 2^31 − 1 ms (~24.8 days) and fires at once for anything longer: a quote that expires
 * further out (a provider's clock far ahead, as on a devnet whose time was advanced) would otherwise be
 * re-fetched in a loop. Checking again within the hour is plenty.
 */
const REFRESH_CEILING_MS = 3_600_000;

/** When to ask for a fresh quote: shortly before `expiresAt`, never sooner than the floor nor later than the ceiling. */
export function refreshDelay(expiresAt: string, now: number): number {
  const due = Date.parse(expiresAt) - now - REFRESH_AHEAD_MS;
  return Math.min(Math.max(due, REFRESH_FLOOR_MS), REFRESH_CEILING_MS);
}

/**
 * Quotes follow the amount: a pause in typing asks for one, a quote is refreshed shortly before it expires
 * (throttled), and a superseded request is aborted so a late answer never replaces a newer one.
 */
export function useQuoting(
  state: OnrampState,
  dispatch: Dispatch<OnrampAction>,
  api: OnrampApi,
  destination: string | null,
) {
  const { phase, amount, currency, quote, error } = state;
  const canQuote = !!destination && isFiatAmount(amount);

  useEffect(() => {
    if (phase !== "init" || error || !canQuote) return;
    const timer = setTimeout(() => dispatch({ type: "quoting" }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [phase, error, canQuote, dispatch]);

  useEffect(() => {
    if (phase !== "ready" || !quote?.expires_at) return;
    const timer = setTimeout(() => dispatch({ type: "quoting" }), refreshDelay(quote.expires_at, Date.now()));
    return () => clearTimeout(timer);
  }, [phase, quote, dispatch]);

  useEffect(() => {
    if (phase !== "quoting" || !canQuote || !destination) return;
    const controller = new AbortController();
    api
      .quote(
        { fiat_amount: amount, fiat_currency: currency, destination_address: destination },
        { signal: controller.signal },
      )
      .then(
        (q) => dispatch({ type: "quoted", quote: q }),
        (e) => controller.signal.aborted || dispatch({ type: "failed", error: toOnrampError(e) }),
      );
    return () => controller.abort();
  }, [phase, amount, currency, destination, canQuote, api, dispatch]);
}
