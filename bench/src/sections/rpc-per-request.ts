import { startServer, stop } from "@compass/testkit/stack";
import { countingProxy, countsOf } from "../rpc-proxy.ts";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor, postOk, sendAsDev } from "../util.ts";

export interface RpcCase {
  label: string;
  /** path + query, or a request init for POSTs */
  path: (book: any) => string;
  init?: (book: any) => RequestInit;
  /** state the case reads, made once before it is measured (through `url`, the stack's own server) */
  setup?: (book: any, url: string) => Promise<void>;
}

const EARN_DEV = 3;

/** Dev account EARN_DEV's Earn Account on ethereum with a vault, a MetaMorpho vault and an Aave position. */
async function earnPositions(book: any, url: string) {
  const owner = book.accounts.dev[EARN_DEV].address;
  const chain = "ethereum";
  const send = (tx: any) => sendAsDev(book, EARN_DEV, chain, tx);
  const created = await postOk(url, "/v2/earn/create_account", { chain, sender: owner, owner });
  await send(created.transaction);
  await send(
    (
      await postOk(url, "/v2/earn/transfer", {
        owner,
        chain,
        token: "USDC",
        amount: "3700",
        action: "DEPOSIT",
      })
    ).transaction,
  );
  const contracts = book.chains[chain].contracts;
  for (const venue of [
    { type: "VAULT", vault_address: contracts.Erc4626VaultUSDC },
    { type: "VAULT", vault_address: contracts.MetaMorphoUSDC },
    { type: "AAVE", token: "USDC" },
  ])
    await send(
      (await postOk(url, "/v2/earn/manage", { owner, chain, venue, action: "DEPOSIT", amount: "1000" }))
        .transaction,
    );
}

/** The same account buys PT in the Pendle market on ethereum. */
async function earnPendlePosition(book: any, url: string) {
  const owner = book.accounts.dev[EARN_DEV].address;
  const chain = "ethereum";
  const venue = { type: "PENDLE_PT", market_address: book.chains[chain].contracts.PendleMarket_USDC };
  const built = await postOk(url, "/v2/earn/manage", {
    owner,
    chain,
    venue,
    action: "DEPOSIT",
    amount: "500",
  });
  await sendAsDev(book, EARN_DEV, chain, built.transaction);
}

const CREDIT_DEV = 5;

/** Dev account CREDIT_DEV's Credit Account on ethereum: USDC supplied, USDT borrowed against it on Aave. */
async function creditBorrow(book: any, url: string) {
  const owner = book.accounts.dev[CREDIT_DEV].address;
  const chain = "ethereum";
  const send = (tx: any) => sendAsDev(book, CREDIT_DEV, chain, tx);
  await send((await postOk(url, "/v2/credit/create_account", { chain, sender: owner, owner })).transaction);
  const deposit = { owner, chain, token: "USDC", amount: "1000", action: "DEPOSIT" };
  await send((await postOk(url, "/v2/credit/transfer", deposit)).transaction);
  const borrow = {
    owner,
    chain,
    token_in: "USDC",
    amount_in: "1000",
    borrow_token: "USDT",
    borrow_amount: "300",
  };
  await send((await postOk(url, "/v2/credit/borrow", borrow)).transaction);
}

const pendleBuy = (book: any): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    owner: book.accounts.dev[EARN_DEV].address,
    chain: "ethereum",
    venue: { type: "PENDLE_PT", market_address: book.chains.ethereum.contracts.PendleMarket_USDC },
    action: "DEPOSIT",
    amount: "100",
  }),
});

/** A v1 write from dev account 1 on ethereum, built (and simulated) but never sent. */
const v1Write =
  (body: (book: any) => Record<string, unknown>) =>
  (book: any): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ chain: "ethereum", sender: book.accounts.dev[1].address, ...body(book) }),
  });

/** Reads and transaction builds measured for JSON-RPC calls per request; later capabilities append their cases. */
export const RPC_CASES: RpcCase[] = [
  {
    label: "GET /v1/token/balance (latest)",
    path: (b) => `/v1/token/balance?chain=ethereum&user=${b.accounts.dev[1].address}&token=USDC`,
  },
  {
    label: "GET /v1/token/balance (block)",
    path: (b) =>
      `/v1/token/balance?chain=ethereum&user=${b.accounts.dev[1].address}&token=USDC&block=${b.__head - 2}`,
  },
  {
    label: "GET /v1/token/balance (by address)",
    path: (b) =>
      `/v1/token/balance?chain=base&user=${b.accounts.dev[1].address}&token=${b.chains.base.contracts.USDC}`,
  },
  {
    label: "GET /v2/earn/positions (no positions)",
    path: (b) => `/v2/earn/positions?chain=ethereum&owner=${b.accounts.dev[1].address}`,
  },
  {
    label: "GET /v2/earn/positions (two vaults and Aave)",
    path: (b) => `/v2/earn/positions?chain=ethereum&owner=${b.accounts.dev[EARN_DEV].address}`,
    setup: earnPositions,
  },
  {
    label: "GET /v2/earn/positions (two vaults, Aave and a Pendle PT)",
    path: (b) => `/v2/earn/positions?chain=ethereum&owner=${b.accounts.dev[EARN_DEV].address}`,
    setup: earnPendlePosition,
  },
  {
    label: "POST /v2/earn/manage (PENDLE_PT buy, owner-sent, simulated)",
    path: () => "/v2/earn/manage",
    init: pendleBuy,
  },
  {
    label: "GET /v2/earn/pendle_markets (one chain)",
    path: () => "/v2/earn/pendle_markets?order_by=tvl_usd&chain=ethereum",
  },
  { label: "GET /v2/earn/vaults (one chain)", path: () => "/v2/earn/vaults?order_by=tvl_usd&chain=ethereum" },
  {
    label: "GET /v2/earn/aave_markets (one chain)",
    path: () => "/v2/earn/aave_markets?chain=ethereum&days=30",
  },
  {
    label: "GET /v2/earn/swap_quote",
    path: () => "/v2/earn/swap_quote?chain=ethereum&token_in=USDC&token_out=WETH&amount_in=1000",
  },
  {
    label: "GET /v2/credit/positions (no positions)",
    path: (b) => `/v2/credit/positions?chain=ethereum&owner=${b.accounts.dev[1].address}`,
  },
  {
    label: "GET /v2/credit/positions (an Aave borrow)",
    path: (b) => `/v2/credit/positions?chain=ethereum&owner=${b.accounts.dev[CREDIT_DEV].address}`,
    setup: creditBorrow,
  },
  { label: "GET /v1/aave/rate (head)", path: () => "/v1/aave/rate?chain=ethereum&token=USDC" },
  {
    label: "GET /v1/aave/rate (a past block)",
    path: (b) => `/v1/aave/rate?chain=ethereum&token=USDC&block=${b.__head - 40}`,
  },
  {
    label: "GET /v1/aave/avg_rate (7 days)",
    path: () => "/v1/aave/avg_rate?chain=ethereum&token=USDC&days=7",
  },
  {
    label: "GET /v1/aave/avg_rate (30 days)",
    path: () => "/v1/aave/avg_rate?chain=ethereum&token=USDC&days=30",
  },
  {
    label: "GET /v1/aave/std_rate (30 days)",
    path: () => "/v1/aave/std_rate?chain=ethereum&token=USDC&days=30",
  },
  {
    label: "GET /v1/vaults/vault (head; APYs over an hour to 30 days)",
    path: (b) =>
      `/v1/vaults/vault?chain=ethereum&vault_address=${b.chains.ethereum.contracts.Erc4626VaultUSDC}`,
  },
  {
    label: "GET /v1/uniswap/quote/sell_exactly",
    path: () =>
      "/v1/uniswap/quote/sell_exactly?chain=ethereum&token_in=USDC&token_out=WETH&fee=0.05&amount_in=1000",
  },
  {
    label: "GET /v1/morpho/markets (one chain)",
    path: () => "/v1/morpho/markets?chain=ethereum",
  },
  {
    label: "GET /v1/pendle/market (with a user)",
    path: (b) =>
      `/v1/pendle/market?chain=ethereum&market_address=${b.chains.ethereum.contracts.PendleMarket_USDC}&user_address=${b.accounts.dev[1].address}`,
  },
  { label: "GET /v1/pendle/markets (one chain)", path: () => "/v1/pendle/markets?chain=ethereum" },
  {
    label: "GET /v1/sky/position",
    path: (b) => `/v1/sky/position?user_address=${b.accounts.dev[1].address}`,
  },
  {
    label: "GET /v1/ethena/vault (with a user)",
    path: (b) => `/v1/ethena/vault?user_address=${b.accounts.dev[1].address}`,
  },
  { label: "GET /v1/generic/ens", path: () => "/v1/generic/ens?ens_name=alice.eth" },
  {
    label: "POST /v1/generic/wrap_eth (build)",
    path: () => "/v1/generic/wrap_eth",
    init: v1Write(() => ({ amount: "0.01" })),
  },
  {
    label: "POST /v1/token/transfer (build, ERC-20)",
    path: () => "/v1/token/transfer",
    init: v1Write((b) => ({ token: "USDC", amount: "1", to: b.accounts.dev[2].address })),
  },
  {
    label: "POST /v2/cctp/burn (fast, build with approval, Iris fee read)",
    path: () => "/v2/cctp/burn",
    init: (b) => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        owner: b.accounts.dev[2].address,
        chain: "ethereum",
        destination_chain: "base",
        amount: "100",
        transfer_mode: "fast",
      }),
    }),
  },
  {
    label: "POST /v1/generic/allowance/set (build, by protocol name)",
    path: () => "/v1/generic/allowance/set",
    init: v1Write(() => ({ token: "USDC", contract: "AaveV3Pool", amount: "1" })),
  },
];

/** (issue 2 §13b) JSON-RPC calls the devnet receives per API request, counted by a proxy in front of each chain. */
export const rpcPerRequest: BenchSection = {
  name: "rpc-per-request",
  async run({ url, stack }) {
    const book = addressBookFor(stack);
    book.__head = Number(
      await (
        await fetch(book.chains.ethereum.rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}',
        })
      )
        .json()
        .then((r: any) => r.result),
    );
    const base = Number(new URL(url).port) + 40;
    const proxies = await Promise.all(
      Object.entries(book.chains).map(
        async ([name, c]: [string, any], i) => [name, await countingProxy(c.rpcUrl, base + i)] as const,
      ),
    );
    const env: Record<string, string> = { COMPASS_ENV: "staging", LOG_LEVEL: "warn" };
    for (const [name, p] of proxies) env[`COMPASS_RPC_URL_${name.toUpperCase()}`] = p.url;
    const server = await startServer({ name: "rpc-bench", port: base + 9, ui: false, env }, stack.devnet.dir);
    const rows: BenchRow[] = [];
    try {
      for (const c of RPC_CASES) {
        await c.setup?.(book, url);
        for (const [, p] of proxies) p.reset();
        // the first request fills the caches a running deployment would have warm (final log pages, headers)
        await fetch(server.url + c.path(book), c.init?.(book));
        const cold = proxies.reduce((s, [, p]) => s + p.calls(), 0);
        for (const [, p] of proxies) p.reset();
        const n = 5;
        for (let i = 0; i < n; i++) {
          const res = await fetch(server.url + c.path(book), c.init?.(book));
          if (res.status >= 400) throw new Error(`${c.label}: HTTP ${res.status} ${await res.text()}`);
        }
        const counts = countsOf(proxies, n);
        rows.push({
          section: "rpc-per-request",
          metric: c.label,
          value: counts.calls,
          unit: "calls/request",
          note: `${counts.note}; first request ${cold}`,
        });
      }
    } finally {
      await stop(server.child);
      await Promise.all(proxies.map(([, p]) => p.close()));
    }
    return rows;
  },
};
