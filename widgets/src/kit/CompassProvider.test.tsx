import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { createConfig, http, WagmiProvider } from "wagmi";
import { arbitrum } from "wagmi/chains";
import { PartnerOnrampCheckout } from "../onramp/PartnerOnrampCheckout.tsx";
import { PerpetualTradingWidget } from "../perpetual-trading/PerpetualTradingWidget.tsx";
import { CompassProvider, useCompassLocale } from "./CompassProvider.tsx";
import { darkTheme, lightTheme } from "./theme.ts";

const BUYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const config = createConfig({
  chains: [arbitrum],
  transports: { [arbitrum.id]: http("http://127.0.0.1:9") },
  ssr: true,
});
const accent = (html: string, widget: string) =>
  new RegExp(`data-compass-widget="${widget}"[^>]*--cw-accent:([^;"]+)`).exec(html)?.[1];

describe("CompassProvider", () => {
  test("default: both widgets take its theme, on the server", () => {
    const html = renderToString(
      <WagmiProvider config={config}>
        <QueryClientProvider client={new QueryClient()}>
          <CompassProvider theme={darkTheme()} apiBaseUrl="http://127.0.0.1:9">
            <PartnerOnrampCheckout destination={BUYER} />
            <PerpetualTradingWidget />
          </CompassProvider>
        </QueryClientProvider>
      </WagmiProvider>,
    );
    expect(accent(html, "onramp")).toBe(darkTheme().colors.accent);
    expect(accent(html, "perpetual-trading")).toBe(darkTheme().colors.accent);
  });

  test("behavior: a widget's own theme wins over the provider's", () => {
    const html = renderToString(
      <CompassProvider theme={darkTheme()}>
        <PartnerOnrampCheckout destination={BUYER} theme={lightTheme({ colors: { accent: "#000000" } })} />
      </CompassProvider>,
    );
    expect(accent(html, "onramp")).toBe("#000000");
  });

  test("default: without a provider the widgets are light", () => {
    const html = renderToString(<PartnerOnrampCheckout destination={BUYER} />);
    expect(accent(html, "onramp")).toBe(lightTheme().colors.accent);
  });

  test("parameters: locale is kept for the parts that read it", () => {
    function Locale() {
      return <>{useCompassLocale()}</>;
    }
    expect(renderToString(<Locale />)).toBe("en");
    expect(
      renderToString(
        <CompassProvider locale="fr-FR">
          <Locale />
        </CompassProvider>,
      ),
    ).toBe("fr-FR");
  });
});
