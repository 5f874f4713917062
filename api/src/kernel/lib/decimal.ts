/** Exact decimal helpers for token amounts. Amounts travel as strings; arithmetic is done on bigint. */

const PLAIN_DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

export function isPlainDecimal(s: string): boolean {
  return PLAIN_DECIMAL.test(s);
}

/** Normalise a JSON number literal (which may use an exponent) to a plain decimal string, exactly. */
export function jsonNumberToDecimal(literal: string): string | null {
  const m = JSON_NUMBER.exec(literal);
  if (!m) return null;
  const negative = literal.startsWith("-");
  const [mantissa, exp = "0"] = literal.replace(/^-/, "").toLowerCase().split("e");
  const [int, frac = ""] = mantissa!.split(".");
  const e = Number(exp);
  if (!Number.isFinite(e) || Math.abs(e) > 1000) return null;
  let digits = int! + frac;
  let point = int!.length + e;
  if (point <= 0) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + "0".repeat(point - digits.length);
  }
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, "");
  const fraction = digits.slice(point).replace(/0+$/, "");
  const out = fraction ? `${whole}.${fraction}` : whole;
  return negative && out !== "0" ? `-${out}` : out;
}

/** Parse a plain decimal into raw units; returns null when it has more than `decimals` places. */
export function parseUnitsExact(value: string, decimals: number): bigint | null {
  if (!isPlainDecimal(value)) return null;
  const [int, frac = ""] = value.split(".");
  const trimmed = frac.replace(/0+$/, "");
  if (trimmed.length > decimals) return null;
  return BigInt(int! + trimmed.padEnd(decimals, "0"));
}

export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const s = abs.toString().padStart(decimals + 1, "0");
  const int = s.slice(0, s.length - decimals) || "0";
  const frac = decimals ? s.slice(s.length - decimals).replace(/0+$/, "") : "";
  return `${negative ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

export function decimalPlaces(value: string): number {
  const frac = value.split(".")[1] ?? "";
  return frac.replace(/0+$/, "").length;
}

export function compareDecimal(a: string, b: string): number {
  const places = Math.max(decimalPlaces(a), decimalPlaces(b));
  const x = parseUnitsExact(a, places)!;
  const y = parseUnitsExact(b, places)!;
  return x === y ? 0 : x < y ? -1 : 1;
}
