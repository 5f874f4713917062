/** Tokenized assets in the resilience report: their reads and builders under load, their outside systems failing. */

import type { Address } from "viem";
import type { TestAddressBook } from "../live/env.ts";
import {
  chainTime,
  issuerPortal,
  sendUnsigned,
  tokenBalance,
  type UnsignedTx,
  until,
} from "../live/index.ts";
import type { LoadRequest } from "./load.ts";
import type { FaultContext, FaultScenario } from "./types.ts";

export function tokenizedLoad(b: TestAddressBook): LoadRequest[] {
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
    name: "equity order relay down",
    async run({ devnet, get }) {
      const equities = "/v2/tokenized_assets/markets?asset_class=EQUITY";
      if (!symbols((await get(equities)).body).includes("TSLAon")) throw new Error("baseline lacks TSLAon");
      await devnet.stopTwin("equity_relay");
      try {
        const list = await get("/v2/tokenized_assets/markets");
        if (
          list.status !== 200 ||
          symbols(list.body).includes("TSLAon") ||
          !symbols(list.body).includes("mTBILL")
        )
          throw new Error(`list while down: ${list.status} ${JSON.stringify(symbols(list.body))}`);
        const only = await get(equities);
        const status = await get(`/v2/tokenized_assets/order/0x${"ab".repeat(32)}`);
        for (const r of [only, status])
          if (r.status !== 502 || r.body.error !== "Order relay unavailable")
            throw new Error(`while down: ${r.status} ${JSON.stringify(r.body)}`);
      } finally {
        await devnet.startTwin("equity_relay");
      }
      const after = await get(equities);
      if (after.status !== 200 || !symbols(after.body).includes("TSLAon"))
        throw new Error(`after: ${after.status}`);
      return {
        during: 'list without the equities; equity reads 502 "Order relay unavailable"',
        after: "equities listed again",
      };
    },
  },
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
  {
    name: "API server and fund issuer restart mid-settlement",
    run: fundSettlementSurvivesRestarts,
  },
];

/**
 * A money-market-fund subscription paid on chain and pending at the issuer; then the API server and the
 * issuer twin restart before the NAV cycle. The order is still pending through the API, and the cycle
 * still mints the shares into the account.
 */
async function fundSettlementSurvivesRestarts(ctx: FaultContext): Promise<{ during: string; after: string }> {
  const CHAIN = "ethereum_sepolia";
  const FUND = "SBGOV";
  const DEV = 8;
  const owner = ctx.book.accounts.dev[DEV]!.address;
  const ok = async (r: Promise<{ status: number; body: any }>, what: string) => {
    const res = await r;
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const send = async (tx: UnsignedTx | null) => tx && (await sendUnsigned(DEV, CHAIN, tx));

  const created = await ok(
    ctx.post("/v2/tokenized_assets/create_account", { sender: owner, owner, chain: CHAIN }),
    "create_account",
  );
  const account = created.tokenized_assets_account_address as Address;
  await send(created.transaction);
  const deposit = { owner, chain: CHAIN, token: "USDC", amount: "25", action: "DEPOSIT" };
  await send((await ok(ctx.post("/v2/tokenized_assets/transfer", deposit), "deposit")).transaction);
  await issuerPortal("register", account);
  await issuerPortal("approve", account);
  const order = { owner, chain: CHAIN, token_in: "USDC", token_out: FUND, amount_in: "25" };
  const buy = await ok(ctx.post("/v2/tokenized_assets/transact/buy", order), "buy");
  if (buy.settlement !== "async") throw new Error(`settlement ${buy.settlement}`);
  const shares = () => tokenBalance(CHAIN, FUND, account);
  const sharesBefore = await shares();
  await send(buy.transaction);

  const q = `/v2/tokenized_assets/redemptions?owner=${owner}&chain=${CHAIN}&vault=${FUND}`;
  const pending = async () =>
    ((await ok(ctx.get(q), "redemptions")).redemptions as any[]).filter(
      (r) => r.status === "pending" && r.kind === "subscription",
    );
  // the issuer sees the deposit at its next look at the chain
  const waiting = await until(pending, (p) => p.length > 0, 10_000);
  if (!waiting.length) throw new Error("the issuer never saw the subscription");

  await ctx.restartServer();
  await ctx.devnet.stopTwin("issuer");
  await ctx.devnet.startTwin("issuer");
  const still = await pending();
  if (still.length !== waiting.length || (await shares()) !== sharesBefore)
    throw new Error(`after the restarts: ${JSON.stringify(still)}`);

  const settlesAt = Math.max(...still.map((r) => r.expected_settlement_at));
  await ctx.devnet.advanceTime(Math.max(1, settlesAt - (await chainTime(CHAIN)) + 60));
  const minted = (await until(shares, (b) => b > sharesBefore, 10_000)) - sharesBefore;
  const settled = ((await ok(ctx.get(q), "redemptions")).redemptions as any[]).find(
    (r) => r.id === still[0].id,
  );
  if (minted <= 0n || settled?.status !== "finalized")
    throw new Error(`after the NAV cycle: ${minted} shares, ${JSON.stringify(settled)}`);
  return {
    during: `subscription #${still[0].id} still pending through the restarted API and issuer`,
    after: `NAV cycle finalized it: ${Number(minted) / 1e6} ${FUND} minted into the account`,
  };
}
