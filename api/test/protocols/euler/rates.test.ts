import { describe, expect, test } from "vitest";
import { eulerApys, resolveAmountCap } from "../../../src/protocols/euler/index.ts";

describe("EVK's caps and rates", () => {
  test("AmountCap: mantissa (high 10 bits) × 10^exponent (low 6) ÷ 100; 0 is no cap", () => {
    expect(resolveAmountCap(0)).toBeNull();
    expect(resolveAmountCap((100 << 6) | 2)).toBe(100n);
    expect(resolveAmountCap((5 << 6) | 20)).toBe(5n * 10n ** 18n);
  });

  test("APYs: the per-second ray rate compounded, suppliers' share by utilisation less the interest fee", () => {
    expect(eulerApys({ rate: 0n, fee: 0, borrows: 0n, total: 0n })).toEqual({
      utilization: 0,
      borrowApy: 0,
      supplyApy: 0,
    });
    const perSecondRay = 1_547_125_957_863_212_448n; // ≈ 5 % a year compounded per second
    const apys = eulerApys({ rate: perSecondRay, fee: 1_000, borrows: 25n, total: 100n });
    expect(apys.borrowApy).toBeCloseTo(0.05, 4);
    expect(apys.supplyApy).toBeCloseTo(apys.borrowApy * 0.25 * 0.9, 12);
  });
});
