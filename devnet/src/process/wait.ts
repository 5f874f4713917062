/** Polls `probe` until it resolves true; fails early when `gone()` reports the process has exited. */
export async function waitUntil(
  probe: () => Promise<boolean>,
  { timeoutMs, gone, what }: { timeoutMs: number; gone: () => boolean; what: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 100)) {
    if (await probe().catch(() => false)) return;
    if (gone()) throw new Error(`${what} exited before it became ready`);
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, delay));
  }
}
