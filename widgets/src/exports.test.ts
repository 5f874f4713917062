import { describe, expect, test } from "vitest";
import * as root from "./index.ts";
import * as onramp from "./onramp.ts";

// The public surface, reviewed as a list: adding or removing an export changes this snapshot.
describe("package exports", () => {
  test("default: the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
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
        "darkTheme",
        "lightTheme",
        "themeVars",
        "useOnrampContext",
      ]
    `);
  });

  test("parameters: everything the on-ramp entry exports is exported from the root too", () => {
    for (const name of Object.keys(onramp)) expect(root, name).toHaveProperty(name, (onramp as any)[name]);
  });
});
