import { describe, expect, it } from "vitest";
import { rayRateToApyPercent } from "../../../src/protocols/aave/index.ts";

describe("Aave rates", () => {
  it("compounds a ray rate per second", () => {
    // 5% APR compounded per second ≈ 5.127% APY
    expect(rayRateToApyPercent(5n * 10n ** 25n)).toBeCloseTo(5.127, 2);
  });
});
