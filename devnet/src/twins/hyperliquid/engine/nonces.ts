/**
 * The venue's replay protection (docs: "Nonces and API wallets"). Per signer it keeps the 100
 * highest nonces seen; a new nonce must lie within (now − 2 days, now + 1 day), must not be in the
 * set, and once the set is full must exceed its smallest member. Error strings are the ones the
 * live venue answers with.
 */
const NONCE_CAPACITY = 100;
const NONCE_PAST_MS = 2 * 86_400_000;
const NONCE_FUTURE_MS = 86_400_000;

export function checkNonce(
  seen: readonly number[] | undefined,
  nonce: number,
  now: number,
): string | undefined {
  const lowest = now - NONCE_PAST_MS;
  const highest = now + NONCE_FUTURE_MS;
  if (nonce <= lowest) return `Invalid nonce: nonce too low ${nonce} < ${lowest}`;
  if (nonce >= highest) return `Invalid nonce: nonce too high ${nonce} > ${highest}`;
  if (!seen?.length) return undefined;
  if (binarySearch(seen, nonce) >= 0) return `Invalid nonce: duplicate nonce ${nonce}`;
  if (seen.length >= NONCE_CAPACITY && nonce <= seen[0])
    return `Invalid nonce: nonce too low ${nonce} < ${seen[0]}`;
  return undefined;
}

/** Records an accepted nonce; `seen` stays sorted ascending and at most NONCE_CAPACITY long. */
export function commitNonce(seen: number[], nonce: number): void {
  let lo = 0;
  let hi = seen.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (seen[mid] < nonce) lo = mid + 1;
    else hi = mid;
  }
  seen.splice(lo, 0, nonce);
  if (seen.length > NONCE_CAPACITY) seen.shift();
}

function binarySearch(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] === value) return mid;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
