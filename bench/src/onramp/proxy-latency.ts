import { load } from "../load.ts";

const ROUNDS = 3;

/**
 * The API's added latency: POST /v2/onramp/quote through the shipped server against the same quote asked of
 * the provider twin directly (GET /v1/crypto/onramp/quotes). One connection, so the figure is the cost of
 * the hop (validation, the upstream call, mapping) rather than queueing on a shared CPU. Interleaved rounds,
 * median kept.
 */
export async function proxyLatency(
  apiUrl: string,
  twin: { url: string; apiKey: string },
  destination: string,
) {
  const direct = {
    url: `${twin.url}/v1/crypto/onramp/quotes?source_amount=100.00&source_currency=usd&destination_currencies[]=usdc&destination_networks[]=ethereum`,
    opts: { headers: { authorization: `Bearer ${twin.apiKey}` } },
  };
  const proxied = {
    url: `${apiUrl}/v2/onramp/quote`,
    opts: { method: "POST", body: JSON.stringify({ fiat_amount: "100", destination_address: destination }) },
  };
  const runs: Record<"direct" | "proxied", Awaited<ReturnType<typeof load>>[]> = { direct: [], proxied: [] };
  for (const t of [direct, proxied]) await load(t.url, { ...t.opts, seconds: 1, connections: 1 });
  for (let round = 0; round < ROUNDS; round++) {
    runs.direct.push(await load(direct.url, { ...direct.opts, seconds: 3, connections: 1 }));
    runs.proxied.push(await load(proxied.url, { ...proxied.opts, seconds: 3, connections: 1 }));
  }
  const median = (rs: (typeof runs)["direct"]) =>
    [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)]!;
  return { direct: median(runs.direct), proxied: median(runs.proxied) };
}
