const BIG = "\u0000bigint:";

/** JSON.stringify that writes bigint values as exact JSON integers (uint128 ids exceed 2^53). */
export function stringifyJson(value: unknown): string {
  let sawBigInt = false;
  const text = JSON.stringify(value, (_k, v) => {
    if (typeof v === "bigint") {
      sawBigInt = true;
      return `${BIG}${v.toString()}`;
    }
    return v;
  });
  return sawBigInt ? text.replace(/"\\u0000bigint:(-?\d+)"/g, "$1") : text;
}
