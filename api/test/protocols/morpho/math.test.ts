import { describe, expect, test } from "vitest";
import {
  liquidityOf,
  marketApys,
  maxBorrow,
  morphoHealth,
  toAssetsDown,
  toAssetsUp,
  toSharesDown,
  WAD,
} from "../../../src/protocols/morpho/index.ts";

describe("Morpho Blue's share math (SharesMathLib's virtual shares and assets)", () => {
  // a market with 1,000.000000 USDC supplied for 1e15 shares (1e6 virtual shares per asset unit)
  const [assets, shares] = [1_000_000_000n, 1_000_000_000n * 10n ** 6n];

  test("a debt's shares convert up, a supply's down, and back to no more than went in", () => {
    expect(toAssetsUp(1_500_000n, assets, shares)).toBe(2n);
    expect(toAssetsDown(1_500_000n, assets, shares)).toBe(1n);
    const bought = toSharesDown(123_456n, assets, shares);
    expect(toAssetsDown(bought, assets, shares)).toBeLessThanOrEqual(123_456n);
    expect(toAssetsUp(bought, assets, shares)).toBeGreaterThanOrEqual(123_455n);
  });

  test("an empty market: one share's worth is its virtual asset over its virtual shares", () => {
    expect(toAssetsDown(WAD, 0n, 0n)).toBe(WAD / 10n ** 6n);
    expect(liquidityOf({ totalSupplyAssets: 5n, totalBorrowAssets: 7n })).toBe(0n);
    expect(liquidityOf({ totalSupplyAssets: 7n, totalBorrowAssets: 5n })).toBe(2n);
  });

  test("the LLTV bound and health at the oracle's price (loan units per collateral unit × 1e36)", () => {
    // 1 collateral unit = 2 loan units; LLTV 80 %
    const m = { price: 2n * 10n ** 36n, params: { lltv: (8n * WAD) / 10n } };
    expect(maxBorrow(m, 100n)).toBe(160n);
    expect(morphoHealth(m, 100n, 80n)).toBe(2n * WAD);
    expect(morphoHealth(m, 100n, 0n)).toBeNull();
  });

  test("APYs: the borrow rate compounded over a year, suppliers' share by utilisation less the fee", () => {
    const perSecond = 1_585_489_599n; // ≈ 5 % a year, continuously
    const apys = marketApys({ totalSupplyAssets: 100n, totalBorrowAssets: 50n, fee: WAD / 10n }, perSecond);
    expect(apys.utilization).toBe(0.5);
    expect(apys.borrowApy).toBeCloseTo(Math.expm1(0.05), 6);
    expect(apys.supplyApy).toBeCloseTo(apys.borrowApy * 0.5 * 0.9, 12);
  });
});
