/** Tokenized assets in the resilience report: their reads and builders under load, their outside systems failing. */
import type { LoadRequest } from "./load.ts";
import type { Book, FaultScenario } from "./scenarios.ts";

export function tokenizedLoad(b: Book): LoadRequest[] {
  const dev = (i: number) => b.accounts.dev[i]!.address;
  return [
    { label: "tokenized markets (base)", method: "GET", path: "/v2/tokenized_assets/markets?chain=base" },
    {
      label: "tokenized market mTBILL",
      method: "GET",
      path: "/v2/tokenized_assets/markets/mTBILL?chain=ethereum",
    },
    {
      label: "tokenized positions",
      method: "GET",
      path: `/v2/tokenized_assets/positions?owner=${dev(3)}&chain=base`,
    },
    {
      label: "tokenized create_account (simulated build)",
      method: "POST",
      path: "/v2/tokenized_assets/create_account",
      body: { sender: dev(4), owner: dev(4), chain: "arbitrum" },
    },
  ];
}

const symbols = (body: any) => (body?.markets ?? []).map((m: any) => m.symbol) as string[];

export const TOKENIZED_FAULTS: FaultScenario[] = [
  {
    name: "fund issuer down",
    async run({ devnet, book, get, post }) {
      const buy = {
        owner: book.accounts.dev[1]!.address,
        chain: "ethereum_sepolia",
        token_in: "USDC",
        token_out: "SBGOV",
        amount_in: "1",
      };
      if (!symbols((await get("/v2/tokenized_assets/markets")).body).includes("SBGOV"))
        throw new Error("baseline lacks SBGOV");
      await devnet.stopTwin("issuer");
      try {
        const list = await get("/v2/tokenized_assets/markets");
        if (
          list.status !== 200 ||
          symbols(list.body).includes("SBGOV") ||
          !symbols(list.body).includes("mTBILL")
        )
          throw new Error(`list while down: ${list.status} ${JSON.stringify(symbols(list.body))}`);
        const only = await get("/v2/tokenized_assets/markets?asset_class=MONEY_MARKET");
        const trade = await post("/v2/tokenized_assets/transact/buy", buy);
        for (const r of [only, trade])
          if (r.status !== 502 || r.body.error !== "Issuer unavailable")
            throw new Error(`while down: ${r.status} ${JSON.stringify(r.body)}`);
      } finally {
        await devnet.startTwin("issuer");
      }
      const after = await get("/v2/tokenized_assets/markets?asset_class=MONEY_MARKET");
      if (after.status !== 200 || !symbols(after.body).includes("SBGOV"))
        throw new Error(`after: ${after.status}`);
      return {
        during: 'list without the fund; fund reads and buys 502 "Issuer unavailable"',
        after: "fund listed again",
      };
    },
  },
  {
    name: "chain down during a trade build",
    async run({ devnet, book, get, post }) {
      const buy = {
        owner: book.accounts.dev[1]!.address,
        chain: "base",
        token_in: "USDC",
        token_out: "mTBILL",
        amount_in: "1",
      };
      await devnet.stopChain("base");
      try {
        const trade = await post("/v2/tokenized_assets/transact/buy", buy);
        if (trade.status !== 502 || trade.body.error !== "Chain unavailable")
          throw new Error(`buy while down: ${trade.status} ${JSON.stringify(trade.body)}`);
        const list = await get("/v2/tokenized_assets/markets");
        const chains = new Set((list.body?.markets ?? []).map((m: any) => m.chain));
        if (list.status !== 200 || chains.has("base") || !chains.has("ethereum"))
          throw new Error(`list while down: ${list.status} ${[...chains]}`);
      } finally {
        await devnet.startChain("base");
      }
      const after = await post("/v2/tokenized_assets/transact/buy", buy);
      if (after.status !== 422 || after.body.error !== "Account not deployed")
        throw new Error(`after: ${after.status} ${JSON.stringify(after.body)}`);
      return { during: '502 "Chain unavailable", list without base', after: "answers from chain again" };
    },
  },
];
