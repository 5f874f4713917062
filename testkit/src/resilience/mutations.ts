/** Hostile values, each labelled; `invalid: true` when any sane schema must refuse it for that field kind. */
export interface Mutation {
  label: string;
  value: unknown;
  /** the field must be refused (422 naming it, or another 4xx) — false when the value may be legitimate */
  invalid: boolean;
}

const ADDRESS_LIKE = /address|owner|user|sender|recipient|destination|spender|^to$/i;
const AMOUNT_LIKE = /amount|size|price|fiat_amount|leverage|slippage/i;
/** A valid address that holds no code on any devnet chain, and one that holds a contract that is no token. */
const NO_CONTRACT = "0x000000000000000000000000000000000000dEaD";
const NOT_A_TOKEN = "0xcA11bde05977b3631167028862bE2a173976CA11"; // Multicall3

/**
 * Hostile values for a field. `contract` is the kind of contract an address in it must hold (the schema's
 * `x-contract`): a valid address holding no code, or another contract, must then be refused. `zeroAllowed` (the
 * schema's `x-zero-allowed`) makes 0 a legitimate amount rather than one to refuse.
 */
export function mutationsFor(
  field: string,
  kind: string | undefined,
  contract?: string,
  zeroAllowed = false,
): Mutation[] {
  const m = (label: string, value: unknown, invalid = true): Mutation => ({ label, value, invalid });
  const common = [
    m("null", null, false),
    m("empty object", {}),
    m("array", [1, 2]),
    m("true", true, kind !== "boolean"),
    m("control characters", "\u0000\u0007\u001b[31m", kind !== "string"),
    m("unicode", "💥\u202e𝟙𝟚𝟛", kind !== "string"),
    m("fullwidth digits", "１２３", kind !== "string"),
    m("10k-char string", "9".repeat(10_000), kind !== "string"),
    m("empty string", "", kind !== "string"),
    m("whitespace", "   ", kind !== "string"),
  ];
  if (kind === "boolean") common.push(m("string true", "true"));
  if (contract) {
    return [
      ...common,
      m("address holding no contract", NO_CONTRACT),
      m("contract of another kind", NOT_A_TOKEN),
      m("short address", "0x1234"),
    ];
  }
  if (ADDRESS_LIKE.test(field)) {
    return [
      ...common.map((c) => ({ ...c, invalid: true })),
      m("short address", "0x1234"),
      m("non-hex address", `0x${"zz".repeat(20)}`),
      m("no 0x prefix", "70997970C51812dc3A010C7d01b50e0d17dc79C8"),
      m("bad checksum", "0x70997970c51812DC3A010C7d01b50e0d17dc79C8"),
      m("41-byte address", `0x${"ab".repeat(21)}`),
      m("number address", 1234),
    ];
  }
  if (AMOUNT_LIKE.test(field) || kind === "number" || kind === "integer") {
    return [
      ...common,
      m("negative", "-1"),
      m("negative number", -5),
      m("zero", "0", !zeroAllowed && /amount|size|price|leverage/i.test(field)),
      m("NaN", "NaN"),
      m("Infinity", "Infinity"),
      m("exponent", "1e5", kind === "number"),
      m("huge", "9".repeat(80)),
      m("huge number", 1e308, false),
      // more places than a token has is refused by operations that know the token; elsewhere it may be valid
      m("too many decimals", "1.0000000000000000000000000001", false),
      m("hex", "0x10", kind !== "string"),
      m("comma decimal", "1,5"),
      m("leading plus", "+1", kind === "number" || kind === "integer"),
    ];
  }
  return [...common, m("number", 42, kind !== "number" && kind !== "integer" && kind !== "string")];
}

/** Requests that are wrong as a whole, independent of the schema. */
export const BODY_ATTACKS: { label: string; body: string; contentType: string; expect: number[] }[] = [
  { label: "malformed JSON", body: '{"a": ', contentType: "application/json", expect: [422] },
  { label: "trailing garbage", body: "{} xyz", contentType: "application/json", expect: [422] },
  { label: "JSON array body", body: "[1,2,3]", contentType: "application/json", expect: [422] },
  { label: "JSON null body", body: "null", contentType: "application/json", expect: [422] },
  { label: "JSON string body", body: '"hello"', contentType: "application/json", expect: [422] },
  {
    label: "deeply nested",
    body: `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`,
    contentType: "application/json",
    expect: [422],
  },
  {
    label: "form content type",
    body: "a=1&b=2",
    contentType: "application/x-www-form-urlencoded",
    expect: [415],
  },
  { label: "xml content type", body: "<a/>", contentType: "application/xml", expect: [415] },
  {
    label: "oversized body",
    body: `{"pad":"${"x".repeat(300_000)}"}`,
    contentType: "application/json",
    expect: [413],
  },
  { label: "invalid UTF-8", body: "\uD800", contentType: "application/json", expect: [422] },
];
