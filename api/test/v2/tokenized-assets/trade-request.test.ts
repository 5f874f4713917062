import { describe, expect, test } from "vitest";
import {
  feeAmount,
  minimumOut,
  parseSlippage,
} from "../../../src/v2/tokenized-assets/domain/trade/request.ts";

const addr = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;

describe("slippage", () => {
  test("default: 0.5 % when omitted", () => {
    expect(minimumOut(1_000_000n, parseSlippage(undefined))).toBe(995_000n);
  });

  test.each(["0", "-1", "50.000001", "abc", "0.0000001"])("behavior: %s is refused", (value) => {
    expect(() => parseSlippage(value)).toThrow(/slippage/);
  });

  test("parameters: 50 % is the maximum", () => {
    expect(minimumOut(1_000_000n, parseSlippage("50"))).toBe(500_000n);
  });
});

describe("partner fee", () => {
  test("default: a percentage of the proceeds", () => {
    expect(feeAmount({ recipient: addr, amount: "1" }, 250_000_000n)).toBe(2_500_000n);
  });

  test("parameters: FIXED is a USDC amount", () => {
    expect(feeAmount({ recipient: addr, amount: "1.5", denomination: "FIXED" }, 250_000_000n)).toBe(
      1_500_000n,
    );
  });

  test("behavior: 100 % or more is refused", () => {
    expect(() => feeAmount({ recipient: addr, amount: "100" }, 1n)).toThrow(/fee.amount/);
  });
});
