/**
 * What the load and fault checks exercise. Each capability appends its requests and fault scenarios, so
 * `npm run resilience` covers it without this file knowing the capability's internals.
 */
import type { TestAddressBook } from "../live/env.ts";
import type { LoadRequest } from "./load.ts";
import { ONRAMP_FAULTS, onrampLoad } from "./onramp.ts";
import { venueDownMidFlow } from "./perpetual-trading.ts";
import { TOKENIZED_FAULTS, tokenizedLoad } from "./tokenized-assets.ts";
import type { FaultScenario } from "./types.ts";

/** Requests a live stack answers with 2xx, mixed reads and writes. */
export const LOAD_MIX: ((book: TestAddressBook) => LoadRequest[])[] = [
  (b) => [
    {
      label: "balance ethereum",
      method: "GET",
      path: `/v1/token/balance?chain=ethereum&user=${b.accounts.dev[1]!.address}&token=USDC`,
    },
    {
      label: "balance base (ETH)",
      method: "GET",
      path: `/v1/token/balance?chain=base&user=${b.accounts.dev[2]!.address}&token=ETH`,
    },
    { label: "openapi", method: "GET", path: "/v2/openapi.json" },
  ],
  (b) => [
    {
      label: "perps opportunities",
      method: "GET",
      path: "/v2/perpetual_trading/opportunities?category=stock",
    },
    {
      label: "perps candles",
      method: "GET",
      path: "/v2/perpetual_trading/candles?symbol=AAPL&interval=1h&limit=200",
    },
    {
      label: "perps positions",
      method: "GET",
      path: `/v2/perpetual_trading/positions?owner=${b.accounts.dev[1]!.address}`,
    },
    {
      label: "perps build limit order",
      method: "POST",
      path: "/v2/perpetual_trading/limit_order",
      body: { owner: b.accounts.dev[1]!.address, asset: "AAPL", side: "buy", size: "1", price: "100" },
    },
    {
      label: "perps build deposit permit",
      method: "POST",
      path: "/v2/perpetual_trading/deposit",
      body: { owner: b.accounts.dev[1]!.address, amount: "10" },
    },
  ],
  tokenizedLoad,
  onrampLoad,
];

/** The mix for one devnet's address book. */
export const loadMixOf = (book: TestAddressBook): LoadRequest[] => LOAD_MIX.flatMap((f) => f(book));

export const FAULTS: FaultScenario[] = [
  {
    name: "chain down mid-read",
    async run({ devnet, book, get }) {
      const q = (chain: string) =>
        `/v1/token/balance?chain=${chain}&user=${book.accounts.dev[1]!.address}&token=USDC`;
      const before = await get(q("ethereum"));
      if (before.status !== 200) throw new Error(`baseline ${before.status}`);
      await devnet.stopChain("ethereum");
      const down = await get(q("ethereum"));
      const other = await get(q("base"));
      if (down.status !== 502 || !/Ethereum RPC is unreachable/.test(down.body.detail))
        throw new Error(`while down: ${down.status} ${JSON.stringify(down.body)}`);
      if (other.status !== 200) throw new Error(`other chain while down: ${other.status}`);
      await devnet.startChain("ethereum");
      const after = await get(q("ethereum"));
      if (after.status !== 200 || after.body.balance_raw !== before.body.balance_raw)
        throw new Error(`after restart: ${after.status} ${JSON.stringify(after.body)}`);
      return { during: `502 "${down.body.detail}", other chains 200`, after: "200, balance unchanged" };
    },
  },
  {
    name: "API server restart",
    async run({ book, get, restartServer }) {
      const q = `/v1/token/balance?chain=arbitrum&user=${book.accounts.dev[2]!.address}&token=USDC`;
      const before = await get(q);
      await restartServer();
      const after = await get(q);
      if (after.status !== 200 || after.body.balance_raw !== before.body.balance_raw)
        throw new Error(`after restart: ${after.status}`);
      return { during: "server stopped", after: "200, same answer (the API holds no state)" };
    },
  },
  venueDownMidFlow,
  ...TOKENIZED_FAULTS,
  ...ONRAMP_FAULTS,
];
