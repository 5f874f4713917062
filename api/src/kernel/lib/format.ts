/** Decimal strings for responses: exact bigint arithmetic, trailing zeros trimmed. */

/** `raw` with `decimals` decimals, rounded half-up to at most `places` decimals. */
export function formatDecimal(raw: bigint, decimals: number, places = decimals): string {
  let value = raw;
  let scale = decimals;
  if (places < decimals) {
    const factor = 10n ** BigInt(decimals - places);
    const half = factor / 2n;
    value = (value >= 0n ? value + half : value - half) / factor;
    scale = places;
  }
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const int = digits.slice(0, digits.length - scale);
  const frac = scale ? digits.slice(digits.length - scale).replace(/0+$/, "") : "";
  const text = frac ? `${int}.${frac}` : int;
  return negative && text !== "0" ? `-${text}` : text;
}

/** A decimal string as a bigint with `decimals` decimals (truncating extra places). */
export function parseDecimal(text: string, decimals: number): bigint {
  const negative = text.startsWith("-");
  const [int, frac = ""] = text.replace(/^-/, "").split(".");
  const raw = BigInt((int || "0") + frac.slice(0, decimals).padEnd(decimals, "0"));
  return negative ? -raw : raw;
}

/** a × b / 10^decimals: multiply two fixed-point values sharing `decimals`. */
export function mulFixed(a: bigint, b: bigint, decimals: number): bigint {
  return (a * b) / 10n ** BigInt(decimals);
}
