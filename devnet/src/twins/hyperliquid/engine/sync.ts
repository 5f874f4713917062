import type { Core } from "./core.ts";
import { marketByCoin } from "./dexes.ts";
import { FUNDING_INTERVAL_MS, settleFunding } from "./funding.ts";
import { systemHash } from "./hashes.ts";
import { liquidateUnderwater } from "./liquidation.ts";
import { makerQuotes } from "./maker.ts";
import { summarize } from "./margin.ts";
import { makerTakes } from "./matching.ts";
import { ORACLE_TICK_MS } from "./oracle.ts";
import { fireTriggers } from "./tpsl.ts";

/**
 * Catches the venue up with the clock. Time only matters where someone is exposed to it, so with
 * no positions, no resting orders and no trigger orders this is a no-op; otherwise the elapsed span is walked in
 * oracle-tick steps (at most MAX_STEPS, so a jump of weeks stays cheap) and at each step, in time
 * order: hourly funding at each hour boundary, the maker filling resting orders its quotes have
 * moved through, and liquidation of underwater accounts. Returns whether anything happened.
 */
const MAX_STEPS = 2_000;
const HISTORY_LIMIT = 2_000;

export function syncTo(core: Core, to: number): boolean {
  const state = core.state;
  const from = state.syncedTo;
  if (to <= from) return false;
  const exposed = hasExposure(core);
  if (!exposed) {
    state.syncedTo = to;
    core.now = to;
    return false;
  }
  const steps = Math.max(1, Math.min(MAX_STEPS, Math.ceil((to - from) / ORACLE_TICK_MS)));
  let previous = from;
  for (let k = 1; k <= steps; k++) {
    const t = k === steps ? to : from + Math.round(((to - from) * k) / steps);
    for (
      let hour = Math.floor(previous / FUNDING_INTERVAL_MS + 1) * FUNDING_INTERVAL_MS;
      hour <= t;
      hour += FUNDING_INTERVAL_MS
    ) {
      core.now = hour;
      reconcile(core);
      settleFunding(core);
      sampleHistory(core);
    }
    core.now = t;
    reconcile(core);
    previous = t;
  }
  state.syncedTo = to;
  core.now = to;
  return true;
}

/** Fills crossed resting orders, fires met triggers and liquidates underwater accounts at `core.now`. */
export function reconcile(core: Core): void {
  fillCrossedResting(core);
  fireTriggers(core);
  liquidateUnderwater(core);
}

function hasExposure(core: Core): boolean {
  for (const book of Object.values(core.state.books)) if (book.bids.length || book.asks.length) return true;
  for (const oids of Object.values(core.state.triggers)) if (oids.length) return true;
  for (const account of Object.values(core.state.accounts)) for (const _ in account.positions) return true;
  return false;
}

/** Resting orders the maker's current quotes have crossed are filled at their limit price. */
function fillCrossedResting(core: Core): void {
  for (const [coin, book] of Object.entries(core.state.books)) {
    const m = marketByCoin(coin);
    if (!m || (!book.bids.length && !book.asks.length)) continue;
    const quotes = makerQuotes(core, m);
    const bestAsk = quotes.asks[0]?.pxU;
    const bestBid = quotes.bids[0]?.pxU;
    while (book.bids.length && bestAsk !== undefined && core.state.orders[book.bids[0]].pxU >= bestAsk) {
      const order = core.state.orders[book.bids[0]];
      makerTakes(core, m, order, systemHash("maker", order.oid, core.now));
    }
    while (book.asks.length && bestBid !== undefined && core.state.orders[book.asks[0]].pxU <= bestBid) {
      const order = core.state.orders[book.asks[0]];
      makerTakes(core, m, order, systemHash("maker", order.oid, core.now));
    }
  }
}

/** Hourly account-value samples for the portfolio endpoint. */
export function sampleHistory(core: Core, only?: string): void {
  for (const [user, account] of Object.entries(core.state.accounts)) {
    if (only !== undefined && user !== only) continue;
    if (only === undefined && Object.keys(account.positions).length === 0) continue;
    const value = Math.round(summarize(core, user).accountValue);
    const last = account.history[account.history.length - 1];
    if (last && Math.floor(last[0] / FUNDING_INTERVAL_MS) === Math.floor(core.now / FUNDING_INTERVAL_MS))
      last[1] = value;
    else account.history.push([core.now, value]);
    if (account.history.length > HISTORY_LIMIT)
      account.history.splice(0, account.history.length - HISTORY_LIMIT);
  }
}
