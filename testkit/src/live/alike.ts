/**
 * `a` with each decimal string replaced by `b`'s where the two differ by at most one part in a million: two answers
 * read a moment apart (interest accrues by the second; a read at the next block's time moves with the clock) compared
 * figure by figure, everything else exactly.
 */
export function alike(a: unknown, b: unknown): unknown {
  if (typeof a === "string" && typeof b === "string" && /^-?\d+\.\d+$/.test(a) && /^-?\d+\.\d+$/.test(b)) {
    const [x, y] = [Number(a), Number(b)];
    return Math.abs(x - y) <= Math.max(Math.abs(x), Math.abs(y)) * 1e-6 ? b : a;
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.map((v, i) => alike(v, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object")
    return Object.fromEntries(
      Object.entries(a).map(([k, v]) => [k, alike(v, (b as Record<string, unknown>)[k])]),
    );
  return a;
}
