import { describe, expect, test } from "vitest";
import { DomainError } from "../../../src/kernel/errors.ts";
import {
  candleQuery,
  modelCandles,
  modelHistory24h,
  VALID_INTERVALS,
} from "../../../src/v2/tokenized-assets/domain/candles.ts";
import { referencePrice } from "../../../src/v2/tokenized-assets/domain/price-model.ts";

const params = {
  seed: 12345678901234567890n,
  p0: 480n * 10n ** 18n,
  t0: 1_704_067_200,
  apyBps: 800,
  volBps: 600,
};
const NOW = 1_795_290_000;

describe("candle query", () => {
  test("default: no interval and no range means no candles", () => {
    expect(candleQuery()).toBeUndefined();
  });

  test("behavior: one without the other, or an invalid pair, is a 400 naming the valid intervals", () => {
    expect(() => candleQuery("1hour")).toThrow(DomainError);
    const error = (() => {
      try {
        candleQuery("1min", "1year");
      } catch (e) {
        return e as DomainError;
      }
    })();
    expect(error?.status).toBe(400);
    expect(error?.message).toContain(VALID_INTERVALS["1year"].join(", "));
  });
});

describe("model candles", () => {
  test("default: contiguous, aligned, one per interval over the range", () => {
    const candles = modelCandles(params, NOW, "1hour", "1day");
    expect(candles.length).toBeGreaterThanOrEqual(24);
    for (const [i, c] of candles.entries()) {
      expect(Date.parse(c.timestamp) % 3_600_000).toBe(0);
      if (i > 0) expect(c.open).toBe(candles[i - 1]!.close);
      expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
      expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
    }
  });

  test("behavior: the last candle closes at the price now; history ends now", () => {
    const now = Number(referencePrice(params, NOW) / 10n ** 10n) / 1e8;
    expect(Number(modelCandles(params, NOW, "5min", "1day").at(-1)!.close)).toBeCloseTo(now, 6);
    const history = modelHistory24h(params, NOW);
    expect(history).toHaveLength(25);
    expect(Number(history.at(-1)!.price)).toBeCloseTo(now, 6);
  });

  test("behavior: range all starts at the market's t0", () => {
    const candles = modelCandles(params, NOW, "1day", "all");
    expect(candles[0]!.timestamp).toBe("2024-01-01T00:00:00.000Z");
  });
});
