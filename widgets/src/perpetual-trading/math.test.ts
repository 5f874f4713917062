import { describe, expect, test } from "vitest";
import {
  feeEstimate,
  floorSize,
  liquidationPrice,
  marginRequired,
  msToFunding,
  onStep,
  percentToRate,
  roe,
  sizeFromUsd,
  sizeStep,
  slippageLimit,
  unrealizedPnl,
} from "./math.ts";

describe("sizes", () => {
  test("default: USD → contracts floors to the market's step", () => {
    expect(sizeFromUsd(1000, 230.55, 3)).toBe("4.337");
    expect(sizeFromUsd(1000, 1.16, 1)).toBe("862.0");
    expect(sizeFromUsd(5, 4000, 4)).toBe("0.0012");
    expect(sizeFromUsd(0.001, 230, 3)).toBe("0.000");
    expect(floorSize(0.30000000000000004, 1)).toBe("0.3");
    expect(sizeFromUsd(100, 0, 3)).toBe("0");
  });

  test("parameters: step check ignores trailing zeros", () => {
    expect(onStep("1.230", 2)).toBe(true);
    expect(onStep("1.235", 2)).toBe(false);
    expect(onStep("12", 0)).toBe(true);
  });
});

describe("margin, fees, PnL", () => {
  test("default: margin = notional / leverage; taker fee 4.5 bps plus builder rate", () => {
    expect(marginRequired(2, 250, 5)).toBe(100);
    expect(feeEstimate(2, 250)).toBeCloseTo(0.225, 10);
    expect(feeEstimate(2, 250, true)).toBeCloseTo(0.075, 10);
    expect(feeEstimate(2, 250, false, percentToRate("0.01%"))).toBeCloseTo(0.275, 10);
  });

  test("parameters: PnL and ROE by side", () => {
    expect(unrealizedPnl("long", 2, 100, 110)).toBe(20);
    expect(unrealizedPnl("short", 2, 100, 110)).toBe(-20);
    expect(roe(20, 2, 100, 10)).toBe(1);
  });
});

describe("liquidation price (cross, one position)", () => {
  test("default: a 10× long is liquidated a little less than 10 % below entry", () => {
    // collateral 100, 10 AAPL at 100 (notional 1000), max leverage 10 → mmr 5 %
    const px = liquidationPrice("long", 10, 100, 100, 10)!;
    expect(px).toBeCloseTo(94.7368, 3);
    // at that price: value = 100 + 10·(px − 100) equals maintenance = 10·px·0.05
    expect(100 + 10 * (px - 100)).toBeCloseTo(10 * px * 0.05, 8);
  });

  test("parameters: a short is liquidated above entry", () => {
    const px = liquidationPrice("short", 10, 100, 100, 10)!;
    expect(px).toBeGreaterThan(100);
    expect(100 - 10 * (px - 100)).toBeCloseTo(10 * px * 0.05, 8);
  });

  test("behavior: fully collateralised longs cannot be liquidated", () => {
    expect(liquidationPrice("long", 1, 100, 1_000, 10)).toBeNull();
  });
});

describe("market order band and funding clock", () => {
  test("default: the limit sits slippage above (buy) or below (sell) the mark", () => {
    expect(slippageLimit(200, true, 5)).toBeCloseTo(210, 10);
    expect(slippageLimit(200, false, 5)).toBeCloseTo(190, 10);
  });

  test("default: funding is paid on the hour", () => {
    expect(msToFunding(3_600_000 * 5 + 1_000)).toBe(3_599_000);
  });
});

describe("sizeStep", () => {
  test("behavior: reads as the decimal people type, for every size precision the venue uses", () => {
    expect([0, 1, 2, 3, 4, 5].map((d) => String(sizeStep(d)))).toEqual([
      "1",
      "0.1",
      "0.01",
      "0.001",
      "0.0001",
      "0.00001",
    ]);
  });
});
