import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor, percentile, timeSequential } from "../util.ts";

const SAMPLES = 100;

/**
 * Swap quotes: `GET /v2/earn/swap_quote` through the API against the same quote asked of the aggregator twin
 * directly (its 1inch `/quote`), sequentially, in the same run. The ratio is what the API adds: validation,
 * token resolution (cached symbols, an ERC-20 read for an unknown address) and one upstream call.
 */
export const earn: BenchSection = {
  name: "earn",
  async run({ url, stack }) {
    const book = addressBookFor(stack);
    const usdc = book.tokens.ethereum.USDC.address;
    const weth = book.tokens.ethereum.WETH.address;
    const twin = book.twins.aggregator;
    const ok = async (r: Response) => {
      if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    };
    // interleaved, so both see the same warm caches (the twin's pool index) and the same load
    const quoteDirect = () =>
      fetch(`${twin.url}/swap/v6.0/1/quote?src=${usdc}&dst=${weth}&amount=1000000000`, {
        headers: { authorization: `Bearer ${twin.apiKey}` },
      }).then(ok);
    const quoteApi = () =>
      fetch(`${url}/v2/earn/swap_quote?chain=ethereum&token_in=USDC&token_out=WETH&amount_in=1000`).then(ok);
    const direct: number[] = [];
    const api: number[] = [];
    for (let i = 0; i < 5; i++) await Promise.all([quoteDirect(), quoteApi()]);
    for (let i = 0; i < SAMPLES; i++)
      for (const [call, times] of [
        [quoteDirect, direct],
        [quoteApi, api],
      ] as const) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
    direct.sort((a, b) => a - b);
    api.sort((a, b) => a - b);
    const row = (metric: string, value: number | string, unit?: string, note?: string): BenchRow => ({
      section: "earn",
      metric,
      value,
      unit,
      note,
    });
    const [a50, d50] = [percentile(api, 50), percentile(direct, 50)];
    // the vault list reads every listed vault (state, oracle price, event history) on each request
    const listed = await fetch(`${url}/v2/earn/vaults?order_by=tvl_usd&limit=100`).then((r) => r.json());
    const vaultTimes = await timeSequential(
      () => fetch(`${url}/v2/earn/vaults?order_by=tvl_usd&limit=100`).then(ok),
      30,
    );
    const markets = await timeSequential(() => fetch(`${url}/v2/earn/aave_markets?days=30`).then(ok), 30);
    return [
      row("swap quote via API p50", a50.toFixed(2), "ms", `p99 ${percentile(api, 99).toFixed(2)} ms`),
      row(
        "swap quote aggregator direct p50",
        d50.toFixed(2),
        "ms",
        `p99 ${percentile(direct, 99).toFixed(2)} ms`,
      ),
      row("swap quote API / direct", (a50 / d50).toFixed(2), "×", `+${(a50 - d50).toFixed(2)} ms per quote`),
      row(
        `vaults list p50 (${listed.total} vaults)`,
        percentile(vaultTimes, 50).toFixed(1),
        "ms",
        `p99 ${percentile(vaultTimes, 99).toFixed(1)} ms; ${(percentile(vaultTimes, 50) / listed.total).toFixed(1)} ms per vault`,
      ),
      row(
        "aave_markets p50 (every chain, 30 d)",
        percentile(markets, 50).toFixed(1),
        "ms",
        `p99 ${percentile(markets, 99).toFixed(1)} ms`,
      ),
    ];
  },
};
