import type { PublicClient } from "viem";

/**
 * Reads at past blocks: trailing APYs and rate averages are computed from chain state at the block of a
 * past moment, never from stored numbers. Blocks are found by timestamp with a bounded search, and what a
 * finalized block says never changes, so its header is kept.
 */

const SECONDS_PER_YEAR = 365 * 24 * 3600;

interface Header {
  number: bigint;
  timestamp: bigint;
}

const headers = new WeakMap<PublicClient, Map<bigint, Promise<Header>>>();

/** A block's number and time, kept (a read in flight is shared: searches side by side ask for the same blocks). */
function header(client: PublicClient, number: bigint): Promise<Header> {
  let cache = headers.get(client);
  if (!cache) {
    cache = new Map();
    headers.set(client, cache);
  }
  const hit = cache.get(number);
  if (hit) return hit;
  const read = client
    .getBlock({ blockNumber: number })
    .then((block) => ({ number: block.number, timestamp: block.timestamp }));
  if (cache.size > 10_000) cache.clear();
  cache.set(number, read);
  read.catch(() => cache.delete(number));
  return read;
}

/**
 * The last block stamped at or before `timestamp` (unix seconds), or block 0's number when the chain is
 * younger. Interpolation search: on chains with a steady block time it lands in a few reads, and it never
 * takes more than ~2·log2(head) reads. `head` lets a caller that already read the head block share it.
 */
export async function blockAtOrBefore(
  client: PublicClient,
  timestamp: bigint,
  head?: Header,
): Promise<Header> {
  let top: Header;
  if (head) top = head;
  else {
    const latest = await client.getBlock({ blockTag: "latest" });
    top = { number: latest.number, timestamp: latest.timestamp };
  }
  if (timestamp >= top.timestamp) return top;
  let lo = await header(client, 0n);
  if (timestamp <= lo.timestamp) return lo;
  let hi = top;
  // invariant: lo.timestamp <= timestamp < hi.timestamp
  for (let step = 0; hi.number - lo.number > 1n; step++) {
    let guess: bigint;
    if (step % 2 === 0) {
      const span = hi.timestamp - lo.timestamp;
      guess = lo.number + ((hi.number - lo.number) * (timestamp - lo.timestamp)) / (span === 0n ? 1n : span);
    } else guess = (lo.number + hi.number) / 2n;
    if (guess <= lo.number) guess = lo.number + 1n;
    if (guess >= hi.number) guess = hi.number - 1n;
    const mid = await header(client, guess);
    if (mid.timestamp <= timestamp) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Annualised, compounded growth of a price (a vault's assets per share, an index) between two moments, in
 * percent: `((to / from) ^ (year / seconds) − 1) · 100`. Null when the window is empty or the price at its
 * start is unknown or zero.
 */
export function annualisedGrowthPercent(from: bigint, to: bigint, seconds: bigint): number | null {
  if (from <= 0n || to <= 0n || seconds <= 0n) return null;
  const ratio = Number((to * 10n ** 18n) / from) / 1e18;
  const apy = (ratio ** (SECONDS_PER_YEAR / Number(seconds)) - 1) * 100;
  return Number.isFinite(apy) ? apy : null;
}

/**
 * Annualised growth (percent) of a price observed at moments (`t` unix seconds, ascending) up to `priceNow` at
 * `now`, over a trailing window of `seconds`: from the last observation at or before the window's start (or,
 * when all are later, the first), over the time since that observation — the price may have moved between it
 * and the window's start. Null without observations.
 */
export function trailingGrowthPercent(
  observations: { t: bigint; price: bigint }[],
  priceNow: bigint,
  now: bigint,
  seconds: bigint,
): number | null {
  const start = now - seconds;
  const at = observations.filter((o) => o.t <= start).at(-1) ?? observations.find((o) => o.t > start);
  if (!at) return null;
  return annualisedGrowthPercent(at.price, priceNow, now - at.t);
}
