import { join } from "node:path";
import { pointLiveHelpersAt } from "@compass/testkit/live";
import { gzipSize, kB } from "../onramp/bundle-size.ts";
import { pageLoad } from "../onramp/page-load.ts";
import { measurePeer, PEER } from "../onramp/peer-widget.ts";
import { proxyLatency } from "../onramp/proxy-latency.ts";
import { settlementLatency } from "../onramp/settlement-latency.ts";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor } from "../util.ts";

/** Budget for `@compass/widgets/onramp`, gzip -9 with peers external (issue 3). */
const BUDGET_KB = 25;

/** (issue 3 §10) widget weight against a real peer, the checkout page's JS, the proxy's added latency. */
export const onramp: BenchSection = {
  name: "onramp",
  async run({ root, url, stack, log }) {
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number | string, unit?: string, note?: string) =>
      rows.push({ section: "onramp", metric, value, unit, note });

    // The built package, resolved through its exports map: what a partner's bundler gets.
    const ours = await gzipSize(
      'export { PartnerOnrampCheckout } from "@compass/widgets/onramp";',
      join(root, "app"),
    );
    const within = kB(ours.gzip) <= BUDGET_KB;
    row(
      "PartnerOnrampCheckout entry (gzip, peers external)",
      kB(ours.gzip),
      "kB",
      `${kB(ours.minified)} kB minified; budget ${BUDGET_KB} kB ${within ? "met" : "EXCEEDED"}`,
    );
    const peer = await measurePeer(log);
    if ("error" in peer)
      row(
        `${PEER.pkg} fund entry (gzip, peers external)`,
        "n/a",
        undefined,
        `not installable here: ${peer.error}`,
      );
    else
      row(
        `${PEER.pkg}@${peer.version} FundCard+FundButton (gzip, peers external)`,
        kB(peer.gzip),
        "kB",
        `${kB(peer.minified)} kB minified; ours is ${(peer.gzip / ours.gzip).toFixed(1)}× smaller`,
      );

    const book = addressBookFor(stack);
    const buyer = book.accounts.dev[1].address;
    const loaded = await pageLoad(`${url}/onramp/checkout?destination=${buyer}&chain=ethereum&asset=USDC`);
    row(
      "/onramp/checkout first-load JS in chromium (gzip)",
      kB(loaded.gzip),
      "kB",
      `${loaded.scripts} scripts fetched, ${kB(loaded.raw)} kB raw; target ≤ 130 kB`,
    );
    row(
      "/onramp/checkout navigation → network idle in chromium",
      Math.round(loaded.idleMs),
      "ms",
      "median of 5 cold loads on loopback; target ≤ 1000 ms",
    );

    const twin = book.twins.onramp as { url: string; apiKey: string };
    const { direct, proxied } = await proxyLatency(url, twin, buyer);
    // On one connection a request starts when the previous answer arrives: 1000 / rps is the exact mean
    // latency (autocannon's histogram counts whole milliseconds, too coarse for a loopback hop).
    const ms = (rps: number) => 1000 / rps;
    const [viaApi, atProvider] = [ms(proxied.rps), ms(direct.rps)];
    log(
      `  quote at the provider twin: ${atProvider.toFixed(3)} ms; through the API: ${viaApi.toFixed(3)} ms`,
    );
    const bad = direct.errors + direct.non2xx + proxied.errors + proxied.non2xx;
    row(
      "quote through the API vs the provider directly (mean latency ratio)",
      Number((viaApi / atProvider).toFixed(1)),
      "×",
      `${viaApi.toFixed(2)} vs ${atProvider.toFixed(2)} ms per request (+${(viaApi - atProvider).toFixed(2)} ms added by the API), p99 ${proxied.p99} vs ${direct.p99} ms, one connection${bad ? `; ${bad} unexpected answers` : ""}`,
    );

    const restore = pointLiveHelpersAt(url, stack.devnet.dir);
    try {
      const s = await settlementLatency(url);
      const list = (xs: number[]) => xs.map((x) => Math.round(x)).join(", ");
      row(
        "settlement latency: provider paid → delivered, vs one USDC transfer sent → mined (median of 5)",
        Number((s.settlementMs / s.transferMs).toFixed(1)),
        "×",
        `${Math.round(s.settlementMs)} vs ${Math.round(s.transferMs)} ms (samples ${list(s.settlement)} vs ${list(s.transfer)} ms); the worker polls every 500 ms; target ≤ 10,000 ms`,
      );
    } finally {
      restore();
    }
    return rows;
  },
};
