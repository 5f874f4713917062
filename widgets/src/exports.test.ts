import { describe, expect, test } from "vitest";
import * as root from "./index.ts";
import * as perps from "./perpetual-trading.ts";

/** The public surface, spelled out: a change to it shows up in review. */
describe("widget exports", () => {
  test("default: the root entry", () => {
    expect(Object.keys(root).sort()).toEqual([
      "PerpetualTradingProvider",
      "PerpetualTradingWidget",
      "activityQueryOptions",
      "candlesQueryOptions",
      "darkTheme",
      "feeEstimate",
      "lightTheme",
      "liquidationPrice",
      "marginRequired",
      "opportunitiesQueryOptions",
      "sizeFromUsd",
      "themeVars",
      "unrealizedPnl",
      "usePerpetualActivity",
      "usePerpetualCandles",
      "usePerpetualOpportunities",
      "usePerpetualTradingContext",
    ]);
  });

  test("parameters: the per-widget entry carries the widget and no old name", () => {
    expect(perps.PerpetualTradingWidget).toBe(root.PerpetualTradingWidget);
    expect(Object.keys(perps).some((k) => /TraditionalInvesting|GlobalMarkets/i.test(k))).toBe(false);
  });
});
