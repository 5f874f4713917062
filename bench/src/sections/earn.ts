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
    const direct = await timeSequential(
      () =>
        fetch(`${twin.url}/swap/v6.0/1/quote?src=${usdc}&dst=${weth}&amount=1000000000`, {
          headers: { authorization: `Bearer ${twin.apiKey}` },
        }).then(ok),
      SAMPLES,
    );
    const api = await timeSequential(
      () =>
        fetch(`${url}/v2/earn/swap_quote?chain=ethereum&token_in=USDC&token_out=WETH&amount_in=1000`).then(
          ok,
        ),
      SAMPLES,
    );
    const row = (metric: string, value: number | string, unit?: string, note?: string): BenchRow => ({
      section: "earn",
      metric,
      value,
      unit,
      note,
    });
    const [a50, d50] = [percentile(api, 50), percentile(direct, 50)];
    return [
      row("swap quote via API p50", a50.toFixed(2), "ms", `p99 ${percentile(api, 99).toFixed(2)} ms`),
      row(
        "swap quote aggregator direct p50",
        d50.toFixed(2),
        "ms",
        `p99 ${percentile(direct, 99).toFixed(2)} ms`,
      ),
      row("swap quote API / direct", (a50 / d50).toFixed(2), "×", `+${(a50 - d50).toFixed(2)} ms per quote`),
    ];
  },
};
