import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { createConfig, http, WagmiProvider } from "wagmi";
import { arbitrum } from "wagmi/chains";
import { PerpetualTradingWidget } from "./PerpetualTradingWidget.tsx";

/** The page on the server, inside the host's providers (no wallet connected). */
function serverRender(children: ReactNode): string {
  const config = createConfig({
    chains: [arbitrum],
    transports: { [arbitrum.id]: http("http://127.0.0.1:9") },
    ssr: true,
  });
  return renderToString(
    <WagmiProvider config={config}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </WagmiProvider>,
  );
}

describe("server rendering", () => {
  test("default: renders on the server without a browser or a wallet, styles scoped to the widget", () => {
    const html = serverRender(<PerpetualTradingWidget apiBaseUrl="http://127.0.0.1:9" />);
    expect(html).toContain('data-compass-widget="perpetual-trading"');
    expect(html).toContain('data-testid="perps-category-all"');
    expect(html).toContain("Loading…");
    expect(html).toContain("Connect a wallet to deposit and trade");
    // the funding clock waits for the client: no server time in the markup, so no hydration mismatch
    expect(html).toMatch(/next in(<!-- -->)? ?(<!-- -->)?—/);
  });

  test("behavior: two widgets on one page have no id in common, and every reference points into its own widget", () => {
    const html = serverRender(
      <>
        <PerpetualTradingWidget apiBaseUrl="http://127.0.0.1:9" testId="one" />
        <PerpetualTradingWidget apiBaseUrl="http://127.0.0.1:9" testId="two" />
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(4);
    expect(new Set(ids).size).toBe(ids.length);
    const [one, two] = html.split('data-testid="two"');
    for (const ref of [...html.matchAll(/(?:for|aria-labelledby|aria-describedby)="([^"]+)"/g)].map(
      (m) => m[1]!,
    )) {
      for (const target of ref.split(" ")) {
        expect(ids).toContain(target);
        // a reference and its target are in the same widget
        expect(one!.includes(`id="${target}"`)).toBe(one!.includes(`"${ref}"`));
      }
    }
    expect(two).toBeDefined();
  });
});
