import type { BenchRow, BenchSection } from "../types.ts";
import { percentile } from "../util.ts";

const SAMPLES = 40;

/**
 * (issue 12) v1 Aave rate reads over a window: avg_rate and std_rate for 7 and 30 days against the same
 * stack's plain rate read at the head, interleaved so all see the same load. The window reads page the pool's
 * rate-update events; pages once final are cached, so after the first read only the newest page is fetched.
 */
export const lending: BenchSection = {
  name: "lending",
  async run({ url }) {
    const ok = async (res: Response) => {
      if (!res.ok) throw new Error(`HTTP ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const cases = [
      ["rate (head)", "rate?chain=ethereum&token=USDC"],
      ["avg_rate 7 days", "avg_rate?chain=ethereum&token=USDC&days=7"],
      ["avg_rate 30 days", "avg_rate?chain=ethereum&token=USDC&days=30"],
      ["std_rate 7 days", "std_rate?chain=ethereum&token=USDC&days=7"],
      ["std_rate 30 days", "std_rate?chain=ethereum&token=USDC&days=30"],
    ] as const;
    const times = cases.map(() => [] as number[]);
    for (const [, path] of cases) await fetch(`${url}/v1/aave/${path}`).then(ok); // warm: caches fill
    for (let i = 0; i < SAMPLES; i++)
      for (const [j, [, path]] of cases.entries()) {
        const t = performance.now();
        await fetch(`${url}/v1/aave/${path}`).then(ok);
        times[j]!.push(performance.now() - t);
      }
    const sorted = times.map((t) => t.sort((a, b) => a - b));
    const base = percentile(sorted[0]!, 50);
    return cases.map(([label], j) => ({
      section: "lending",
      metric: `${label} p50`,
      value: Number(percentile(sorted[j]!, 50).toFixed(2)),
      unit: "ms",
      note: `p99 ${percentile(sorted[j]!, 99).toFixed(2)} ms; ${(percentile(sorted[j]!, 50) / base).toFixed(2)}× the rate read`,
    })) satisfies BenchRow[];
  },
};
