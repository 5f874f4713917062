import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { createConfig, http, WagmiProvider } from "wagmi";
import { arbitrum } from "wagmi/chains";
import { PerpetualTradingWidget } from "./PerpetualTradingWidget.tsx";

describe("server rendering", () => {
  test("default: renders on the server without a browser or a wallet, styles scoped to the widget", () => {
    const config = createConfig({
      chains: [arbitrum],
      transports: { [arbitrum.id]: http("http://127.0.0.1:9") },
      ssr: true,
    });
    const html = renderToString(
      <WagmiProvider config={config}>
        <QueryClientProvider client={new QueryClient()}>
          <PerpetualTradingWidget apiBaseUrl="http://127.0.0.1:9" />
        </QueryClientProvider>
      </WagmiProvider>,
    );
    expect(html).toContain('data-compass-widget="perpetual-trading"');
    expect(html).toContain('data-testid="perps-category-all"');
    expect(html).toContain("Loading markets");
    expect(html).toContain("Connect a wallet to see your account");
    // the funding clock waits for the client: no server time in the markup, so no hydration mismatch
    expect(html).toMatch(/next in(<!-- -->)? ?(<!-- -->)?—/);
  });
});
