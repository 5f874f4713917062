import { midasDataFeedAbi } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import {
  addressBook,
  chainClient,
  chainTime,
  fundedProductAccount,
  getJson,
  sendUnsigned,
  testEnv,
  tokenBalance,
} from "@compass/testkit/live";
import { devWallet, roleWallet, sendReturned } from "@compass/testkit/wallet";
import { type Address, parseAbi } from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { usEquitySession } from "../../../src/kernel/calendar/index.ts";

const { url, prodUrl, apiKey } = testEnv();
const OWNER_INDEX = 5;
const owner = addressBook().accounts.dev[OWNER_INDEX]!.address;
const post = (path: string, body: unknown, base = url) =>
  getJson(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(base === prodUrl && { "x-api-key": apiKey }) },
    body: JSON.stringify(body),
  });
const get = (path: string, base = url) =>
  getJson(`${base}${path}`, { headers: base === prodUrl ? { "x-api-key": apiKey } : {} });
const trade = (side: "buy" | "sell", body: Record<string, unknown>) =>
  post(`/v2/tokenized_assets/transact/${side}`, { owner, chain: "base", ...body });

describe("markets", () => {
  test("default: venue assets on ethereum and base and the sandbox fund, priced from chain", async () => {
    const r = await get("/v2/tokenized_assets/markets");
    expect(r.status).toBe(200);
    const keys = r.body.markets.map((m: any) => `${m.symbol}@${m.chain}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        "mTBILL@ethereum",
        "mTBILL@base",
        "mBASIS@base",
        "mBTC@ethereum",
        "deSPXA@base",
        "SBGOV@ethereum_sepolia",
      ]),
    );
    const fund = r.body.markets.find((m: any) => m.symbol === "SBGOV");
    expect(fund).toMatchObject({
      provider: "issuer",
      asset_class: "MONEY_MARKET",
      chain: "ethereum_sepolia",
    });
    const mtbill = r.body.markets.find((m: any) => m.symbol === "mTBILL" && m.chain === "ethereum");
    // Midas's rate feed for mTBILL: what its vaults issue and redeem at
    const onChain = await chainClient("ethereum").readContract({
      address: addressBook().chains.ethereum!.contracts.MidasDataFeed_mTBILL!,
      abi: midasDataFeedAbi,
      functionName: "getDataInBase18",
    });
    expect(Number(mtbill.current_price_usd)).toBeCloseTo(Number(onChain) / 1e18, 4);
    expect(Number(mtbill.apy_7d)).toBeGreaterThan(0.03); // a fraction, not a percent
    expect(Number(mtbill.apy_7d)).toBeLessThan(0.06);
  });

  test.each([
    ["provider=midas&chain=base", ["mTBILL", "mBASIS"]],
    ["asset_class=MONEY_MARKET", ["SBGOV"]],
    ["search=treasury", ["mTBILL", "mTBILL"]],
    ["category=crypto&chain=ethereum", ["mBASIS", "mBTC"]],
    ["chain=arbitrum", []],
  ])("parameters: %s", async (query, symbols) => {
    const r = await get(`/v2/tokenized_assets/markets?${query}`);
    expect(r.status).toBe(200);
    expect(r.body.markets.map((m: any) => m.symbol)).toEqual(symbols);
  });

  test("behavior: an equity-index wrapper trades in NYSE regular hours only", async () => {
    const r = await get("/v2/tokenized_assets/markets/deSPXA?chain=base");
    const session = usEquitySession(await chainTime("base"));
    expect(r.body.status).toMatchObject({
      session,
      is_open: session === "regular",
      state: session === "regular" ? "OPEN" : "CLOSED",
    });
    expect(r.body.tradable_sessions).toEqual(["regular"]);
  });

  test("parameters: candles with a valid interval and range; bad pairs are 400, unknown symbols 404", async () => {
    const ok = await get("/v2/tokenized_assets/markets/mTBILL?chain=base&interval=1hour&range=1day");
    expect(ok.status).toBe(200);
    expect(ok.body.candles.length).toBeGreaterThanOrEqual(24);
    expect(ok.body.price_history_24h).toHaveLength(25);
    expect((await get("/v2/tokenized_assets/markets/mTBILL?interval=1min&range=1year")).status).toBe(400);
    expect((await get("/v2/tokenized_assets/markets/mTBILL?interval=1hour")).status).toBe(400);
    const unknown = await get("/v2/tokenized_assets/markets/NOPE");
    expect(unknown).toMatchObject({ status: 404, body: { error: "Unknown token symbol" } });
    expect((await get("/v2/tokenized_assets/markets/mBTC?chain=base")).status).toBe(404);
  });
});

describe("production", () => {
  const sepolia = "ethereum_sepolia";
  test.each([
    ["GET", `/v2/tokenized_assets/markets?chain=${sepolia}`],
    ["GET", `/v2/tokenized_assets/markets/SBGOV?chain=${sepolia}`],
    ["GET", `/v2/tokenized_assets/positions?owner=${owner}&chain=${sepolia}`],
    ["GET", `/v2/tokenized_assets/balances?owner=${owner}&chain=${sepolia}`],
    ["GET", `/v2/tokenized_assets/redemptions?owner=${owner}&chain=${sepolia}`],
    ["POST", "/v2/tokenized_assets/create_account", { sender: owner, owner, chain: sepolia }],
    [
      "POST",
      "/v2/tokenized_assets/transfer",
      { owner, chain: sepolia, token: "USDC", amount: "1", action: "DEPOSIT" },
    ],
    [
      "POST",
      "/v2/tokenized_assets/transact/buy",
      { owner, chain: sepolia, token_in: "USDC", token_out: "SBGOV", amount_in: "1" },
    ],
    [
      "POST",
      "/v2/tokenized_assets/transact/sell",
      { owner, chain: sepolia, token_in: "SBGOV", token_out: "USDC", amount_in: "1" },
    ],
  ])("behavior: %s %s with chain=ethereum_sepolia is a 422", async (method, path, body?: unknown) => {
    const r =
      method === "GET" ? await get(path as string, prodUrl) : await post(path as string, body, prodUrl);
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toMatch(/ethereum_sepolia/);
  });

  test.each(["", "?provider=issuer", "?asset_class=MONEY_MARKET", "?search=SBGOV", "?category=money-market"])(
    "behavior: the sandbox fund never appears in a production listing (%s)",
    async (query) => {
      const r = await get(`/v2/tokenized_assets/markets${query}`, prodUrl);
      expect(r.status).toBe(200);
      expect(r.body.markets.map((m: any) => m.symbol)).not.toContain("SBGOV");
    },
  );
});

describe("Midas trading through its vaults", () => {
  let account: Address;
  beforeAll(async () => {
    account = await fundedProductAccount("tokenized_assets", OWNER_INDEX, "base", owner, "1000");
  });

  test("default: a buy changes on-chain balances by the quoted amounts within slippage", async () => {
    const [usdcBefore, tokenBefore] = await Promise.all([
      tokenBalance("base", "USDC", account),
      tokenBalance("base", "mTBILL", account),
    ]);
    const r = await trade("buy", {
      token_in: "USDC",
      token_out: "mTBILL",
      amount_in: "200",
      slippage: "0.5",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ settlement: "instant", poll_endpoint: null, eip_712: null });
    await sendUnsigned(OWNER_INDEX, "base", r.body.transaction);
    const estimate = BigInt(Math.round(Number(r.body.estimated_amount_out) * 1e6)) * 10n ** 12n;
    const got = (await tokenBalance("base", "mTBILL", account)) - tokenBefore;
    expect(await tokenBalance("base", "USDC", account)).toBe(usdcBefore - 200_000_000n);
    expect(got).toBeGreaterThanOrEqual((estimate * 995n) / 1000n);
    expect(got).toBeLessThanOrEqual((estimate * 1001n) / 1000n);
  });

  test("parameters: fee — a sell pays the partner fee from its proceeds in the same transaction", async () => {
    const recipient = addressBook().accounts.dev[9]!.address;
    const feeBefore = await tokenBalance("base", "USDC", recipient);
    const usdcBefore = await tokenBalance("base", "USDC", account);
    const r = await trade("sell", {
      token_in: "mTBILL",
      token_out: "USDC",
      amount_in: "50",
      fee: { recipient, amount: "1" },
    });
    expect(r.status).toBe(200);
    await sendUnsigned(OWNER_INDEX, "base", r.body.transaction);
    const fee = BigInt(Math.round(Number(r.body.fee_amount) * 1e6));
    expect(fee).toBeGreaterThan(0n);
    expect(await tokenBalance("base", "USDC", recipient)).toBe(feeBefore + fee);
    const net = (await tokenBalance("base", "USDC", account)) - usdcBefore;
    expect(Number(net) / 1e6).toBeCloseTo(Number(r.body.estimated_amount_out), 1);
  });

  test("behavior: a gas-sponsored buy is a SafeTx the owner signs and a sponsor relays via prepare", async () => {
    const r = await trade("buy", {
      token_in: "USDC",
      token_out: "mBASIS",
      amount_in: "25",
      gas_sponsorship: true,
    });
    expect(r.body).toMatchObject({
      transaction: null,
      eip_712: { primaryType: "SafeTx", domain: { verifyingContract: account } },
    });
    const signature = await devWallet(OWNER_INDEX, "base").signTypedData(r.body.eip_712);
    const sponsor = roleWallet("sponsor", "base");
    const prepared = await post("/v2/gas_sponsorship/prepare", {
      owner,
      chain: "base",
      eip_712: r.body.eip_712,
      signature,
      sender: sponsor.account.address,
    });
    expect(prepared.status).toBe(200);
    const ethBefore = await chainClient("base").getBalance({ address: owner });
    // sent as prepared: its simulation (and the signed SafeTx's) is held to what the chain does
    await sendReturned(sponsor, prepared.body.transaction);
    expect(await tokenBalance("base", "mBASIS", account)).toBeGreaterThan(0n);
    expect(await chainClient("base").getBalance({ address: owner })).toBe(ethBefore); // the owner paid nothing
  });

  test("behavior: positions derive buys, sells and PnL from on-chain events", async () => {
    const r = await get(`/v2/tokenized_assets/positions?owner=${owner}&chain=base`);
    expect(r.status).toBe(200);
    const mtbill = r.body.positions.find((p: any) => p.symbol === "mTBILL");
    expect(mtbill.events.map((e: any) => e.event_type)).toEqual(["buy", "sell"]);
    expect(mtbill.events[0]).toMatchObject({
      input_symbol: "USDC",
      input_amount: "200",
      output_symbol: "mTBILL",
    });
    expect(mtbill.pnl.total_deposited).toBe("200");
    expect(Number(mtbill.balance)).toBeCloseTo(
      Number(await tokenBalance("base", "mTBILL", account)) / 1e18,
      9,
    );
    const balances = await get(`/v2/tokenized_assets/balances?owner=${owner}&chain=base`);
    expect(balances.body.balances.USDC.balance).toBe(String(await tokenBalance("base", "USDC", account)));
    expect(balances.body.balances.USDC.transfers[0]).toMatchObject({
      direction: "in",
      amount_formatted: "1000",
    });
  });

  test.each([
    [{ token_out: "NOPE", amount_in: "1" }, "Unknown token symbol", /token_out/],
    [{ token_out: "mTBILL", amount_in: "0" }, "Validation error", /amount_in/],
    [{ token_out: "mTBILL", amount_in: "-3" }, "Validation error", /amount_in/],
    [
      { token_out: "mTBILL", amount_in: "5000000" },
      "Insufficient balance",
      /amount_in: exceeds the account's USDC balance/,
    ],
    [{ token_out: "mTBILL", amount_in: "1", slippage: 75 }, "Validation error", /slippage/],
    [{ token_out: "mTBILL", amount_in: "1", slippage: "0" }, "Validation error", /slippage/],
    [{ token_out: "mBTC", amount_in: "1" }, "Asset not on this chain", /mBTC is not available on base/],
    [
      { token_out: "mTBILL", amount_in: "1", fee: { recipient: owner, amount: "1" } },
      "Validation error",
      /fee/,
    ],
  ])("behavior: bad input %j is a 422 %s, and no transaction", async (body, label, message) => {
    const r = await trade("buy", { token_in: "USDC", ...body });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(label);
    expect(r.body.message).toMatch(message);
    expect(r.body.transaction).toBeUndefined();
  });

  test("behavior: a market the issuer paused is a 422, never a reverting transaction", async () => {
    const c = addressBook().chains.base!;
    const issuer = roleWallet("fund_issuer", "base");
    const setPaused = async (paused: boolean) =>
      minedReceipt(
        issuer,
        await issuer.writeContract({
          address: c.contracts.MidasDepositVault_mBASIS!,
          abi: parseAbi(["function pause()", "function unpause()"]),
          functionName: paused ? "pause" : "unpause",
        }),
      );
    await setPaused(true);
    try {
      const r = await trade("buy", { token_in: "USDC", token_out: "mBASIS", amount_in: "1" });
      expect(r).toMatchObject({ status: 422, body: { error: "Market paused" } });
      const listed = await get("/v2/tokenized_assets/markets?chain=base&search=mBASIS");
      expect(listed.body.markets[0].status).toMatchObject({ is_open: false, state: "PAUSED" });
    } finally {
      await setPaused(false);
    }
  });

  test("behavior: withdraw moves USDC back to the owner; an undeployed account is refused", async () => {
    const before = await tokenBalance("base", "USDC", owner);
    const r = await post("/v2/tokenized_assets/transfer", {
      owner,
      chain: "base",
      token: "USDC",
      amount: "10",
      action: "WITHDRAW",
    });
    await sendUnsigned(OWNER_INDEX, "base", r.body.transaction);
    expect(await tokenBalance("base", "USDC", owner)).toBe(before + 10_000_000n);
    const stranger = addressBook().accounts.dev[0]!.address;
    const refused = await post("/v2/tokenized_assets/transfer", {
      owner: stranger,
      chain: "arbitrum",
      token: "USDC",
      amount: "1",
      action: "WITHDRAW",
    });
    expect(refused).toMatchObject({ status: 400, body: { error: "Account not deployed" } });
  });
});
