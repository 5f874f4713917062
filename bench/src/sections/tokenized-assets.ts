import { startServer, stop } from "@compass/testkit/stack";
import { countingProxy, countsOf } from "../rpc-proxy.ts";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor, percentile, postOk, sendAsDev } from "../util.ts";

const OWNER_INDEX = 2;
const SAMPLES = 200;

/**
 * (issue 5 §9) JSON-RPC calls per buy request, counted by a proxy in front of each chain (reads batched
 * through Multicall3), and the build latency of a buy (p50/p99 over sequential requests).
 */
export const tokenizedAssets: BenchSection = {
  name: "tokenized-assets",
  async run({ url, stack, log }) {
    const book = addressBookFor(stack);
    const owner = book.accounts.dev[OWNER_INDEX].address;
    const base = Number(new URL(url).port) + 60;
    const proxies = await Promise.all(
      Object.entries(book.chains).map(
        async ([name, c]: [string, any], i) => [name, await countingProxy(c.rpcUrl, base + i)] as const,
      ),
    );
    const env: Record<string, string> = {
      COMPASS_ENV: "staging",
      LOG_LEVEL: "warn",
      COMPASS_RATE_LIMIT: "off",
    };
    const counted = await startServer(
      {
        name: "tokenized-rpc",
        port: base + 8,
        ui: false,
        env: {
          ...env,
          ...Object.fromEntries(proxies.map(([n, p]) => [`COMPASS_RPC_URL_${n.toUpperCase()}`, p.url])),
        },
      },
      stack.devnet.dir,
    );
    const direct = await startServer(
      { name: "tokenized-latency", port: base + 9, ui: false, env },
      stack.devnet.dir,
    );
    const rows: BenchRow[] = [];
    try {
      // An owner with a funded account on ethereum and bsc and an approved one at the fund issuer on ethereum_sepolia.
      for (const chain of ["ethereum", "bsc", "ethereum_sepolia"]) {
        const created = await postOk(direct.url, "/v2/tokenized_assets/create_account", {
          sender: owner,
          owner,
          chain,
        });
        await sendAsDev(book, OWNER_INDEX, chain, created.transaction);
        const deposit = await postOk(direct.url, "/v2/tokenized_assets/transfer", {
          owner,
          chain,
          token: "USDC",
          amount: "10000",
          action: "DEPOSIT",
        });
        await sendAsDev(book, OWNER_INDEX, chain, deposit.transaction);
        if (chain === "ethereum_sepolia")
          for (const action of ["register", "approve"])
            await postOk(book.twins.issuer.url, `/portal/api/${action}`, {
              account: created.tokenized_assets_account_address,
            });
      }
      const cases = [
        {
          label: "buy mTBILL (Midas instant deposit, owner sends)",
          body: { owner, chain: "ethereum", token_in: "USDC", token_out: "mTBILL", amount_in: "100" },
        },
        {
          label: "buy mTBILL (Midas instant deposit, sponsored SafeTx)",
          body: {
            owner,
            chain: "ethereum",
            token_in: "USDC",
            token_out: "mTBILL",
            amount_in: "100",
            gas_sponsorship: true,
          },
        },
        {
          label: "buy ixv1 (IXS vault deposit, bsc)",
          body: { owner, chain: "bsc", token_in: "USDC", token_out: "ixv1", amount_in: "100" },
        },
        {
          label: "buy SBGOV (fund subscription, async)",
          body: { owner, chain: "ethereum_sepolia", token_in: "USDC", token_out: "SBGOV", amount_in: "100" },
        },
      ];
      for (const c of cases) {
        await postOk(counted.url, "/v2/tokenized_assets/transact/buy", c.body); // warm the clients a deployment keeps warm
        for (const [, p] of proxies) p.reset();
        const n = 5;
        for (let i = 0; i < n; i++) await postOk(counted.url, "/v2/tokenized_assets/transact/buy", c.body);
        const counts = countsOf(proxies, n);
        const total = counts.calls * n;
        rows.push({
          section: "tokenized-assets",
          metric: `JSON-RPC calls per ${c.label}`,
          value: counts.calls,
          unit: "calls/request",
          note: counts.note,
        });

        for (let i = 0; i < 10; i++) await postOk(direct.url, "/v2/tokenized_assets/transact/buy", c.body);
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const t = performance.now();
          await postOk(direct.url, "/v2/tokenized_assets/transact/buy", c.body);
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        const note = `${SAMPLES} sequential requests, simulation included`;
        rows.push({
          section: "tokenized-assets",
          metric: `${c.label} build latency p50`,
          value: Number(percentile(times, 50).toFixed(1)),
          unit: "ms",
          note,
        });
        rows.push({
          section: "tokenized-assets",
          metric: `${c.label} build latency p99`,
          value: Number(percentile(times, 99).toFixed(1)),
          unit: "ms",
          note,
        });
        log(
          `  ${c.label}: ${total / n} calls, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
        );
      }
    } finally {
      await Promise.all([stop(counted.child), stop(direct.child)]);
      await Promise.all(proxies.map(([, p]) => p.close()));
    }
    return rows;
  },
};
