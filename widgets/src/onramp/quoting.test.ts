import { describe, expect, test } from "vitest";
import { refreshDelay } from "./useQuoting.ts";

describe("quote refresh timing", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  test("default: a quote is refreshed 10 s before it expires", () => {
    expect(refreshDelay("2026-11-24T12:05:00Z", now)).toBe(290_000);
  });

  test("behavior: an expired quote is refreshed after the 5 s floor, not in a loop", () => {
    expect(refreshDelay("2026-11-24T11:00:00Z", now)).toBe(5_000);
  });

  test("behavior: a quote expiring beyond setTimeout's 2^31 − 1 ms range is checked again within the hour", () => {
    // setTimeout fires at once for a longer delay: the checkout refreshed its quote in a loop
    const delay = refreshDelay("2026-12-31T12:00:00Z", now);
    expect(delay).toBe(3_600_000);
    expect(delay).toBeLessThan(2 ** 31 - 1);
  });
});
