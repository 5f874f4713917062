import { startServer, stop } from "@compass/testkit/stack";
import { createWalletClient, defineChain, type Hex, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { countingProxy } from "../rpc-proxy.ts";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor, percentile } from "../util.ts";

const OWNER_INDEX = 2;
const SAMPLES = 200;

/** Sends an UnsignedTransaction with a dev key (straight to the chain, not through a counting proxy). */
async function send(book: any, chain: string, tx: any): Promise<void> {
  if (!tx) return;
  const c = book.chains[chain];
  const wallet = createWalletClient({
    account: privateKeyToAccount(book.accounts.dev[OWNER_INDEX].privateKey),
    chain: defineChain({
      id: c.chainId,
      name: chain,
      nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
    }),
    transport: http(c.rpcUrl),
  }).extend(publicActions);
  const hash = await wallet.sendTransaction({
    to: tx.to as Hex,
    data: tx.data as Hex,
    gas: BigInt(tx.gas),
    nonce: Number(tx.nonce),
  });
  await wallet.waitForTransactionReceipt({ hash });
}

async function post(base: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

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
      // An owner with a funded account on ethereum and an approved one at the fund issuer on ethereum_sepolia.
      for (const chain of ["ethereum", "ethereum_sepolia"]) {
        const created = await post(direct.url, "/v2/tokenized_assets/create_account", {
          sender: owner,
          owner,
          chain,
        });
        await send(book, chain, created.transaction);
        const deposit = await post(direct.url, "/v2/tokenized_assets/transfer", {
          owner,
          chain,
          token: "USDC",
          amount: "10000",
          action: "DEPOSIT",
        });
        await send(book, chain, deposit.transaction);
        if (chain === "ethereum_sepolia")
          for (const action of ["register", "approve"])
            await post(book.twins.issuer.url, `/portal/api/${action}`, {
              account: created.tokenized_assets_account_address,
            });
      }
      const cases = [
        {
          label: "buy mTBILL (venue swap, owner sends)",
          body: { owner, chain: "ethereum", token_in: "USDC", token_out: "mTBILL", amount_in: "100" },
        },
        {
          label: "buy mTBILL (venue swap, sponsored SafeTx)",
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
          label: "buy SBGOV (fund subscription, async)",
          body: { owner, chain: "ethereum_sepolia", token_in: "USDC", token_out: "SBGOV", amount_in: "100" },
        },
      ];
      for (const c of cases) {
        await post(counted.url, "/v2/tokenized_assets/transact/buy", c.body); // warm the clients a deployment keeps warm
        for (const [, p] of proxies) p.reset();
        const n = 5;
        for (let i = 0; i < n; i++) await post(counted.url, "/v2/tokenized_assets/transact/buy", c.body);
        const total = proxies.reduce((s, [, p]) => s + p.calls(), 0);
        const methods = [
          ...new Set(proxies.flatMap(([, p]) => [...p.methods.entries()].map(([m, k]) => `${m}×${k / n}`))),
        ].join(", ");
        rows.push({
          section: "tokenized-assets",
          metric: `JSON-RPC calls per ${c.label}`,
          value: total / n,
          unit: "calls/request",
          note: methods,
        });

        for (let i = 0; i < 10; i++) await post(direct.url, "/v2/tokenized_assets/transact/buy", c.body);
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const t = performance.now();
          await post(direct.url, "/v2/tokenized_assets/transact/buy", c.body);
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
