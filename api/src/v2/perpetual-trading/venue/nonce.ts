let last = 0;

/**
 * The venue's nonces are millisecond timestamps it accepts once per signer. Two actions prepared in the
 * same millisecond would share one and the second would be refused, so this never repeats a value
 * within the process (it runs ahead of the clock by at most the burst size).
 */
export function nextNonce(now = Date.now()): number {
  last = Math.max(now, last + 1);
  return last;
}
