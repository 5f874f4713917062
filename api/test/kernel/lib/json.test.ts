import { describe, expect, test } from "vitest";
import { formatUnits, jsonNumberToDecimal, parseUnitsExact } from "../../../src/kernel/lib/decimal.ts";
import { LosslessNumber, parseJson } from "../../../src/kernel/lib/json.ts";

describe("parseJson", () => {
  test("exact numbers stay numbers; lossy literals are kept verbatim", () => {
    const v = parseJson('{"a": 1.5, "b": 12345678901234567890, "c": 0.1000000000000000055, "d": 1e2}') as any;
    expect(v.a).toBe(1.5);
    expect(v.b).toEqual(new LosslessNumber("12345678901234567890"));
    expect(v.c).toEqual(new LosslessNumber("0.1000000000000000055"));
    expect(v.d).toEqual(new LosslessNumber("1e2"));
  });

  test("__proto__ keys are plain data, not prototype pollution", () => {
    const v = parseJson('{"__proto__": {"polluted": 1}, "x": 12345678901234567890}') as any;
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.keys(v)).toContain("__proto__");
  });

  test.each(['{"a":}', "[1,]", '{"a" 1}', "tru", '"\\x"', "[1] 2"])("rejects %s", (text) => {
    expect(() => parseJson(text)).toThrow();
  });
});

describe("decimal", () => {
  test.each([
    ["1e2", "100"],
    ["1.5e-3", "0.0015"],
    ["-0.0", "0"],
    ["123.4500", "123.45"],
    ["1E+3", "1000"],
  ])("jsonNumberToDecimal(%s) = %s", (input, out) => expect(jsonNumberToDecimal(input)).toBe(out));

  test("parseUnitsExact refuses extra precision instead of rounding", () => {
    expect(parseUnitsExact("1.123456", 6)).toBe(1123456n);
    expect(parseUnitsExact("1.1234567", 6)).toBeNull();
    expect(parseUnitsExact("1.1234560", 6)).toBe(1123456n);
    expect(formatUnits(1123456n, 6)).toBe("1.123456");
    expect(formatUnits(0n, 6)).toBe("0");
  });
});
