import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { http } from "viem";
import { mainnet } from "viem/chains";
import { beforeAll, describe, expect, test } from "vitest";
import { createConfig, WagmiProvider } from "wagmi";
import { preloadCompassLocale } from "../kit/i18n.ts";
import { PartnerOnrampCheckout } from "./PartnerOnrampCheckout.tsx";

const config = createConfig({
  chains: [mainnet],
  ssr: true,
  transports: { [mainnet.id]: http("http://127.0.0.1:9") },
});

describe("PartnerOnrampCheckout on the server", () => {
  test("behavior: renders without a browser (no window, no fetch during render)", () => {
    const html = renderToString(
      <WagmiProvider config={config}>
        <QueryClientProvider client={new QueryClient()}>
          <PartnerOnrampCheckout
            destination="0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
            defaultAmount="250"
          />
        </QueryClientProvider>
      </WagmiProvider>,
    );
    expect(html).toContain('data-compass-widget="onramp"');
    expect(html).toContain('data-testid="onramp-amount"');
    expect(html).toContain('value="250"');
    expect(html).toMatch(/0x7099…79C8/);
  });

  test("behavior: a malformed destination is said, and nothing can be bought", () => {
    const html = renderToString(
      <WagmiProvider config={config}>
        <QueryClientProvider client={new QueryClient()}>
          <PartnerOnrampCheckout destination={"0x123" as `0x${string}`} />
        </QueryClientProvider>
      </WagmiProvider>,
    );
    expect(html).toContain("Invalid receiving wallet");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="onramp-buy"/);
  });

  describe("in another locale, preloaded", () => {
    beforeAll(() => Promise.all([preloadCompassLocale("de-AT"), preloadCompassLocale("ar")]));
    const render = (locale: string) =>
      renderToString(
        <PartnerOnrampCheckout
          destination="0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
          defaultAmount="250"
          fiatCurrency="EUR"
          locale={locale}
        />,
      );

    test("default: the first render is in that language, amounts formatted by Intl", () => {
      const html = render("de-AT");
      expect(html).toContain('lang="de"');
      expect(html).toContain("Kaufbetrag");
      expect(html).toContain("250\u00a0€");
      expect(html).not.toContain("Amount to buy");
    });

    test("parameters: Arabic is right to left, with the address kept left to right", () => {
      const html = render("ar");
      expect(html).toMatch(/lang="ar" dir="rtl"/);
      expect(html).toContain("مبلغ الشراء");
      expect(html).toMatch(/<bdi class="cw-mono" dir="ltr"[^>]*>0x7099…79C8<\/bdi>/);
    });
  });
});
