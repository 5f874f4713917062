import { describe, expect, it } from "vitest";
import {
  liquidityIndexAt,
  RAY,
  type RateUpdate,
  rayApy,
  rayRateToApyPercent,
  timeWeightedRates,
} from "../../../src/protocols/aave/index.ts";

const update = (time: bigint, liquidityRate: bigint): RateUpdate => ({
  block: time,
  time,
  liquidityRate,
  stableBorrowRate: 0n,
  variableBorrowRate: 0n,
  liquidityIndex: RAY,
});
const supply = (u: RateUpdate) => ({ supply: Number(u.liquidityRate) });

describe("Aave rates", () => {
  it("compounds a ray rate per second", () => {
    // 5% APR compounded per second ≈ 5.127% APY
    expect(rayRateToApyPercent(5n * 10n ** 25n)).toBeCloseTo(5.127, 2);
    expect(rayApy(5n * 10n ** 25n)).toBeCloseTo(0.05127, 4);
  });

  it("grows the liquidity index linearly at the update's rate", () => {
    const u = { ...update(0n, RAY / 10n), liquidityIndex: 2n * RAY };
    // 10% a year for half a year: 2 × 1.05
    expect(liquidityIndexAt(u, BigInt(365 * 12 * 3600))).toBe((21n * RAY) / 10n);
    expect(liquidityIndexAt(u, 0n)).toBe(2n * RAY);
  });

  it("weights each rate by how long it held over the window", () => {
    // 10 from before the window until 100, then 40 until the end at 200: mean 25, deviation 15
    const stats = timeWeightedRates(
      { before: update(0n, 10n), inside: [update(100n, 40n)] },
      0n,
      200n,
      supply,
    );
    expect(stats).toEqual({ mean: { supply: 25 }, std: { supply: 15 } });
  });

  it("measures a reserve younger than the window over its life, and ignores updates after the end", () => {
    const stats = timeWeightedRates({ inside: [update(150n, 10n), update(300n, 99n)] }, 0n, 200n, supply);
    expect(stats).toEqual({ mean: { supply: 10 }, std: { supply: 0 } });
  });

  it("answers the last rate for an empty window, and nothing when no rate was in force", () => {
    expect(timeWeightedRates({ before: update(0n, 7n), inside: [] }, 50n, 50n, supply)).toEqual({
      mean: { supply: 7 },
      std: { supply: 0 },
    });
    expect(timeWeightedRates({ inside: [] }, 0n, 200n, supply)).toBeNull();
  });
});
