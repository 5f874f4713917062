import { describe, expect, test } from "vitest";
import * as root from "./index.ts";
import * as onramp from "./onramp.ts";
import * as perps from "./perpetual-trading.ts";

/** The public surface, spelled out: a change to it shows up in review. */
describe("widget exports", () => {
  test("default: the root entry", () => {
    expect(Object.keys(root).sort()).toEqual([
      "CompassProvider",
      "LOCALES",
      "OnrampAmount",
      "OnrampBuyButton",
      "OnrampCheckoutProvider",
      "OnrampDestination",
      "OnrampError",
      "OnrampPayment",
      "OnrampQuoteDetails",
      "OnrampStatusLive",
      "OnrampSuccess",
      "PartnerOnrampCheckout",
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
      "preloadCompassLocale",
      "resolveLocale",
      "sizeFromUsd",
      "themeVars",
      "unrealizedPnl",
      "useCompassLocale",
      "useOnrampContext",
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

  test("parameters: everything a per-widget entry exports is exported from the root too", () => {
    for (const entry of [onramp, perps])
      for (const name of Object.keys(entry)) expect(root, name).toHaveProperty(name, (entry as any)[name]);
  });

  test("parameters: the per-widget entries leave the provider and the themes to the root", () => {
    for (const entry of [onramp, perps])
      expect(
        Object.keys(entry).filter((k) => /^(CompassProvider|useCompassLocale|\w+Theme|themeVars)$/.test(k)),
      ).toEqual([]);
  });
});
