import { SendAssetTypes } from "@nktkas/hyperliquid/api/exchange";
import { signL1Action, signUserSignedAction } from "@nktkas/hyperliquid/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUsd } from "../../src/twins/hyperliquid/engine/decimal.ts";
import { assetOf, gtc, type Harness, ioc, KEYS, num, px, startHarness, T0, type Trader } from "./harness.ts";

/**
 * The calls the venue's official clients make, driven through the maintained client library
 * (@nktkas/hyperliquid: InfoClient, ExchangeClient over an HttpTransport at the twin's URL, signing
 * for Mainnet), with outcomes read back from the venue: positions, balances, order statuses.
 */
const AAPL = assetOf("AAPL");
const GOLD = assetOf("GOLD");
const USDC = "USDC:0x6d1e7cde53ba9467b783cb7c530ce054";
const CLOID = "0xc10d000000000000000000000000beef" as const;
const micro = (text: string) => (text.startsWith("-") ? -parseUsd(text.slice(1))! : parseUsd(text)!);

type Order = {
  a: number;
  b: boolean;
  p: string;
  s: string;
  r: boolean;
  t:
    | { limit: { tif: "Gtc" | "Ioc" } }
    | { trigger: { isMarket: boolean; triggerPx: string; tpsl: "tp" | "sl" } };
  c?: `0x${string}`;
};
/** A reduce-only market trigger that sells (closes a long) when the mark reaches `trigger`. */
const sellTrigger = (a: number, tpsl: "tp" | "sl", trigger: number, s: string): Order => ({
  a,
  b: false,
  p: px(trigger * 0.9),
  s,
  r: true,
  t: { trigger: { isMarket: true, triggerPx: px(trigger), tpsl } },
});

describe("the venue's official clients against the twin", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const touch = async (coin = "xyz:AAPL") => {
    const book = (await h.info.l2Book({ coin }))!;
    return { bid: num(book.levels[0][0].px), ask: num(book.levels[1][0].px) };
  };
  const mark = async (coin = "xyz:AAPL") => {
    const [meta, ctxs] = await h.info.metaAndAssetCtxs({ dex: "xyz" });
    return num(ctxs[meta.universe.findIndex((u) => u.name === coin)].markPx);
  };
  const state = (t: Trader) => h.info.clearinghouseState({ user: t.address, dex: "xyz" });
  const withdrawable = async (t: Trader) =>
    (await h.info.clearinghouseState({ user: t.address })).withdrawable;
  const statusOf = async (t: Trader, oid: number) => {
    const answer = await h.info.orderStatus({ user: t.address, oid });
    return answer.status === "order" ? answer.order.status : "unknownOid";
  };
  const oidOf = (status: unknown) => {
    const s = status as { resting?: { oid: number }; filled?: { oid: number } };
    return (s.resting ?? s.filled)!.oid;
  };
  const moveOracle = (coin: string, px: number) => h.admin("/_twin/oracle", { coin, px });

  it("construction and metadata reads: the requests the official clients make at start-up", async () => {
    // The official Python SDK's Info(): spotMeta, perpDexs, then meta per dex ("" = the main dex),
    // sent exactly as it sends them.
    const post = async (body: unknown) => {
      const res = await fetch(`${h.venue.url}/info`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(200);
      return res.json();
    };
    const spot = await post({ type: "spotMeta" });
    expect(spot).toEqual(await h.info.spotMeta());
    expect(spot.universe).toEqual([]);
    expect(spot.tokens).toEqual([
      {
        name: "USDC",
        szDecimals: 8,
        weiDecimals: 8,
        index: 0,
        tokenId: "0x6d1e7cde53ba9467b783cb7c530ce054",
        isCanonical: true,
        evmContract: null,
        fullName: null,
        deployerTradingFeeShare: "0.0",
      },
    ]);
    const dexs = await post({ type: "perpDexs" });
    expect(dexs[0]).toBeNull();
    expect(dexs.slice(1).map((d: { name: string }) => d.name)).toEqual(["xyz"]);
    expect(await post({ type: "meta", dex: "" })).toEqual({
      universe: [],
      marginTables: [],
      collateralToken: 0,
    });
    expect(await h.info.meta()).toEqual({ universe: [], marginTables: [], collateralToken: 0 });
    const xyz = await post({ type: "meta", dex: "xyz" });
    // builder-deployed dexes start at 110000 in the SDK's numbering: 100000 + 10000 × dex index + position
    expect(110_000 + xyz.universe.findIndex((u: { name: string }) => u.name === "xyz:AAPL")).toBe(AAPL);
    expect(await post({ type: "allMids", dex: "" })).toEqual({});
    expect(Object.keys(await post({ type: "allMids", dex: "xyz" }))).toContain("xyz:AAPL");
    const user = h.trader(KEYS[4]).address;
    expect(await post({ type: "clearinghouseState", user, dex: "" })).toMatchObject({ assetPositions: [] });
    expect(await post({ type: "openOrders", user, dex: "" })).toEqual([]);

    const [spotMeta, spotCtxs] = await h.info.spotMetaAndAssetCtxs();
    expect(spotMeta).toEqual(spot);
    expect(spotCtxs).toEqual([]);
    expect(await h.info.spotClearinghouseState({ user })).toEqual({ balances: [] });

    const predicted = await h.info.predictedFundings();
    const aapl = predicted.find(([coin]) => coin === "xyz:AAPL")!;
    expect(aapl[1][0][0]).toBe("HlPerp");
    expect(aapl[1][0][1]?.nextFundingTime).toBe(Math.ceil(h.clock.now() / 3_600_000) * 3_600_000);
    const history = await h.info.fundingHistory({ coin: "xyz:GOLD", startTime: T0 - 5 * 3_600_000 });
    expect(history).toHaveLength(5);
    expect(history.every((r) => r.coin === "xyz:GOLD" && r.time % 3_600_000 === 0)).toBe(true);
    expect(history[0].fundingRate).toBe("0.0000125"); // nobody held it: the interest component alone

    const principal = await h.fundedTrader(KEYS[4], 100);
    expect(await h.info.extraAgents({ user: principal.address })).toEqual([]);
    const agent = h.trader("0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6");
    await principal.exchange.approveAgent({
      agentAddress: agent.address,
      agentName: `bot valid_until ${T0 + 86_400_000}`,
    });
    expect(await h.info.extraAgents({ user: principal.address })).toEqual([
      { address: agent.address, name: "bot", validUntil: T0 + 86_400_000 },
    ]);
  });

  it("places, modifies (by oid and by cloid, one and in batches) and cancels orders", async () => {
    const alice = await h.fundedTrader(KEYS[0], 10_000);
    const { bid } = await touch();
    const low = px(bid * 0.95);
    const placed = await alice.exchange.order({
      orders: [gtc(AAPL, true, low, "1"), gtc(AAPL, true, low, "1", CLOID)],
      grouping: "na",
    });
    const [first, second] = placed.response.data.statuses.map(oidOf);

    const higher = px(bid * 0.96);
    await expect(alice.exchange.modify({ oid: first, order: gtc(AAPL, true, higher, "2") })).resolves.toEqual(
      {
        status: "ok",
        response: { type: "default" },
      },
    );
    let open = await h.info.openOrders({ user: alice.address, dex: "xyz" });
    expect(open).toHaveLength(2);
    const replaced = open.find((o) => o.oid !== second)!;
    expect(replaced.oid).toBeGreaterThan(second);
    expect(num(replaced.limitPx)).toBe(num(higher));
    expect(replaced.sz).toBe("2.0");
    expect(await statusOf(alice, first)).toBe("canceled");

    // batchModify: the cloid order keeps its cloid, the other moves back down
    const batch = await alice.exchange.batchModify({
      modifies: [
        { oid: CLOID, order: gtc(AAPL, true, higher, "1.5") },
        { oid: replaced.oid, order: gtc(AAPL, true, low, "1") },
      ],
    });
    const [byCloid, byOid] = batch.response.data.statuses as { resting: { oid: number; cloid?: string } }[];
    expect(byCloid.resting.cloid).toBe(CLOID);
    open = await h.info.openOrders({ user: alice.address, dex: "xyz" });
    expect(open.map((o) => o.oid).sort()).toEqual([byCloid.resting.oid, byOid.resting.oid].sort());
    expect(open.find((o) => o.cloid === CLOID)).toMatchObject({ sz: "1.5", limitPx: expect.any(String) });
    expect(await h.info.orderStatus({ user: alice.address, oid: CLOID })).toMatchObject({
      order: { order: { oid: byCloid.resting.oid }, status: "open" },
    });

    // a refused replacement leaves the order as it was; a closed order cannot be modified
    await expect(
      alice.exchange.modify({ oid: byOid.resting.oid, order: gtc(AAPL, true, "230.1234", "1") }),
    ).rejects.toThrow(`Price must be divisible by tick size. asset=${AAPL}`);
    expect(await statusOf(alice, byOid.resting.oid)).toBe("open");
    await expect(alice.exchange.modify({ oid: first, order: gtc(AAPL, true, low, "1") })).rejects.toThrow(
      "Cannot modify canceled or filled order",
    );

    // a modify that crosses the spread trades at once
    const { ask } = await touch();
    await alice.exchange.modify({ oid: byOid.resting.oid, order: gtc(AAPL, true, px(ask * 1.01), "1") });
    expect((await state(alice)).assetPositions[0].position.szi).toBe("1.0");

    expect(await alice.exchange.cancelByCloid({ cancels: [{ asset: AAPL, cloid: CLOID }] })).toEqual({
      status: "ok",
      response: { type: "cancel", data: { statuses: ["success"] } },
    });
    expect(await h.info.openOrders({ user: alice.address, dex: "xyz" })).toEqual([]);
  });

  it("a TP/SL pair on a fill (normalTpsl) waits off the book and the TP executes when the mark reaches it", async () => {
    const bob = await h.fundedTrader(KEYS[1], 10_000);
    const m0 = await mark();
    const { ask } = await touch();
    const reply = await bob.exchange.order({
      orders: [
        ioc(AAPL, true, px(ask * 1.01), "10"),
        sellTrigger(AAPL, "tp", m0 * 1.05, "10"),
        sellTrigger(AAPL, "sl", m0 * 0.95, "10"),
      ],
      grouping: "normalTpsl",
    });
    const statuses = reply.response.data.statuses;
    expect(statuses[0]).toMatchObject({ filled: { totalSz: "10.0" } });
    expect(statuses.slice(1)).toEqual(["waitingForTrigger", "waitingForTrigger"]);

    const triggers = await h.info.frontendOpenOrders({ user: bob.address, dex: "xyz" });
    const tp = triggers.find((o) => o.orderType === "Take Profit Market")!;
    const sl = triggers.find((o) => o.orderType === "Stop Market")!;
    expect(tp).toMatchObject({ isTrigger: true, reduceOnly: true, tif: null, side: "A", sz: "10.0" });
    expect(tp.triggerCondition).toBe(`Price above ${tp.triggerPx}`);
    expect(sl.triggerCondition).toBe(`Price below ${sl.triggerPx}`);
    expect(num(tp.triggerPx)).toBe(num(px(m0 * 1.05)));
    // trigger orders wait off the book: the visible bids and asks are the maker's alone
    expect((await h.info.l2Book({ coin: "xyz:AAPL" }))!.levels[1].every((l) => l.n === 1)).toBe(true);

    await moveOracle("xyz:AAPL", m0 * 1.03);
    expect((await state(bob)).assetPositions[0].position.szi).toBe("10.0");
    expect(await statusOf(bob, tp.oid)).toBe("open");

    await moveOracle("xyz:AAPL", m0 * 1.06);
    expect((await state(bob)).assetPositions).toEqual([]);
    expect(await statusOf(bob, tp.oid)).toBe("triggered");
    expect(await statusOf(bob, sl.oid)).toBe("siblingFilledCanceled");
    const [close] = await h.info.userFills({ user: bob.address });
    expect(close).toMatchObject({ oid: tp.oid, side: "A", sz: "10.0", dir: "Close Long", crossed: true });
    expect(num(close.px)).toBeGreaterThan(m0 * 1.05);
    expect(micro(close.closedPnl)).toBeGreaterThan(0);
    expect(await h.info.frontendOpenOrders({ user: bob.address, dex: "xyz" })).toEqual([]);
  });

  it("a position TP/SL (positionTpsl, size 0) closes the whole position when the stop is hit", async () => {
    const carol = await h.fundedTrader(KEYS[2], 10_000);
    const { ask } = await touch("xyz:GOLD");
    await carol.exchange.order({ orders: [ioc(GOLD, true, px(ask * 1.01), "0.5")], grouping: "na" });
    const m0 = await mark("xyz:GOLD");
    const reply = await carol.exchange.order({
      orders: [sellTrigger(GOLD, "tp", m0 * 1.1, "0"), sellTrigger(GOLD, "sl", m0 * 0.97, "0")],
      grouping: "positionTpsl",
    });
    expect(reply.response.data.statuses).toEqual(["waitingForTrigger", "waitingForTrigger"]);
    // more size after the TP/SL were set: they follow the position
    await carol.exchange.order({ orders: [ioc(GOLD, true, px(ask * 1.01), "0.25")], grouping: "na" });
    const orders = await h.info.frontendOpenOrders({ user: carol.address, dex: "xyz" });
    expect(orders.map((o) => o.isPositionTpsl)).toEqual([true, true]);
    const sl = orders.find((o) => o.orderType === "Stop Market")!;
    const tp = orders.find((o) => o.orderType === "Take Profit Market")!;

    await moveOracle("xyz:GOLD", m0 * 0.96);
    expect((await state(carol)).assetPositions).toEqual([]);
    const [close] = await h.info.userFills({ user: carol.address });
    expect(close).toMatchObject({ oid: sl.oid, sz: "0.75", dir: "Close Long" });
    expect(micro(close.closedPnl)).toBeLessThan(0);
    expect(await statusOf(carol, sl.oid)).toBe("triggered");
    expect(await statusOf(carol, tp.oid)).toBe("siblingFilledCanceled");
  });

  it("TP/SL on a resting parent wait for its fill (waitingForFill) and go with it when it is canceled", async () => {
    const dave = await h.fundedTrader(KEYS[3], 10_000);
    const { bid } = await touch();
    const entry = bid * 0.9;
    const reply = await dave.exchange.order({
      orders: [
        gtc(AAPL, true, px(entry), "5"),
        sellTrigger(AAPL, "tp", entry * 1.1, "5"),
        sellTrigger(AAPL, "sl", entry * 0.95, "5"),
      ],
      grouping: "normalTpsl",
    });
    const [parent, ...children] = reply.response.data.statuses;
    expect(children).toEqual(["waitingForFill", "waitingForFill"]);
    const waiting = (await h.info.frontendOpenOrders({ user: dave.address, dex: "xyz" })).filter(
      (o) => o.isTrigger,
    );
    expect(waiting).toHaveLength(2);
    // the stop is below the mark but waits for the parent: nothing fires yet
    await h.admin("/_twin/clock", { advanceMs: 60_000 });
    expect(await statusOf(dave, waiting[0].oid)).toBe("open");
    await dave.exchange.cancel({ cancels: [{ a: AAPL, o: oidOf(parent) }] });
    for (const child of waiting) expect(await statusOf(dave, child.oid)).toBe("canceled");
    expect(await h.info.openOrders({ user: dave.address, dex: "xyz" })).toEqual([]);
  });

  it("isolated margin: its own collateral, topped up and drawn down, liquidated alone", async () => {
    const erin = await h.fundedTrader(KEYS[4], 3_000);
    await expect(erin.exchange.updateLeverage({ asset: AAPL, isCross: false, leverage: 5 })).resolves.toEqual(
      {
        status: "ok",
        response: { type: "default" },
      },
    );
    expect((await h.info.activeAssetData({ user: erin.address, coin: "xyz:AAPL" })).leverage).toEqual({
      type: "isolated",
      value: 5,
      rawUsd: "0.0",
    });
    // a cross position elsewhere, which the isolated one must not drag down
    const gold = await touch("xyz:GOLD");
    await erin.exchange.order({ orders: [ioc(GOLD, true, px(gold.ask * 1.01), "0.1")], grouping: "na" });

    const cash0 = micro((await h.admin(`/_twin/account?user=${erin.address}`)).balance);
    const { ask } = await touch();
    await erin.exchange.order({ orders: [ioc(AAPL, true, px(ask * 1.01), "10")], grouping: "na" });
    const [fill] = await h.info.userFills({ user: erin.address });
    const notional = Math.round(num(fill.px) * 10 * 1e6);
    const margin = Math.round(notional / 5);
    const cash = async () => micro((await h.admin(`/_twin/account?user=${erin.address}`)).balance);
    expect(await cash()).toBe(cash0 - margin - micro(fill.fee));

    const position = async () =>
      (await state(erin)).assetPositions.find((p) => p.position.coin === "xyz:AAPL")!.position;
    let p = await position();
    expect(p.leverage).toMatchObject({ type: "isolated", value: 5 });
    expect(micro((p.leverage as { rawUsd: string }).rawUsd)).toBe(margin - notional);
    expect(micro(p.marginUsed)).toBe(margin + micro(p.unrealizedPnl));

    await erin.exchange.updateIsolatedMargin({ asset: AAPL, isBuy: true, ntli: 100_000_000 });
    expect(await cash()).toBe(cash0 - margin - micro(fill.fee) - 100_000_000);
    await erin.exchange.updateIsolatedMargin({ asset: AAPL, isBuy: true, ntli: -40_000_000 });
    p = await position();
    expect(micro((p.leverage as { rawUsd: string }).rawUsd)).toBe(margin + 60_000_000 - notional);
    await expect(
      erin.exchange.updateIsolatedMargin({ asset: AAPL, isBuy: true, ntli: -margin }),
    ).rejects.toThrow("Insufficient margin to remove.");
    await expect(
      erin.exchange.updateIsolatedMargin({ asset: GOLD, isBuy: true, ntli: 1_000_000 }),
    ).rejects.toThrow("Cannot update margin for a cross position.");
    await expect(erin.exchange.updateLeverage({ asset: AAPL, isCross: true, leverage: 5 })).rejects.toThrow(
      "Cannot switch leverage type with open position.",
    );

    // the isolated liquidation price: equity (margin + 60 + PnL) meets maintenance (notional / 20)
    const liqPx = num(p.liquidationPx!);
    const entry = notional / 10 / 1e6;
    expect(liqPx).toBeCloseTo((entry * 10 - (margin + 60_000_000) / 1e6) / (10 - 10 / 20), 4);
    const cashBefore = await cash();
    await moveOracle("xyz:AAPL", liqPx * 1.01);
    expect((await state(erin)).assetPositions).toHaveLength(2);
    await moveOracle("xyz:AAPL", liqPx * 0.99);
    const after = await state(erin);
    expect(after.assetPositions.map((x) => x.position.coin)).toEqual(["xyz:GOLD"]);
    const [liquidation] = await h.info.userFills({ user: erin.address });
    expect(liquidation).toMatchObject({
      coin: "xyz:AAPL",
      dir: "Close Long",
      liquidation: { method: "market" },
    });
    // what was left of the position's collateral comes back; the cross balance loses nothing more
    const cashAfter = await cash();
    expect(cashAfter).toBeGreaterThanOrEqual(cashBefore);
    expect(cashAfter).toBeLessThan(cashBefore + margin + 60_000_000);
  });

  it("usdSend and sendAsset move USDC between accounts; withdraw3 queues the payout", async () => {
    const from = h.trader("0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356");
    const to = h.trader("0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97");
    await h.credit(from.address, 500);
    await from.exchange.usdSend({ destination: to.address, amount: "120.5" });
    expect(await withdrawable(from)).toBe("379.5");
    expect(await withdrawable(to)).toBe("120.5");
    await from.exchange.sendAsset({
      destination: to.address,
      sourceDex: "",
      destinationDex: "xyz",
      token: USDC,
      amount: "30",
    });
    expect(await withdrawable(from)).toBe("349.5");
    expect(await withdrawable(to)).toBe("150.5");
    await expect(
      from.exchange.sendAsset({
        destination: to.address,
        sourceDex: "",
        destinationDex: "",
        token: "USDC",
        amount: "1",
      }),
    ).rejects.toThrow("Unknown token USDC");
    await expect(
      from.exchange.sendAsset({
        destination: to.address,
        sourceDex: "",
        destinationDex: "",
        token: USDC,
        amount: "1000",
      }),
    ).rejects.toThrow("Insufficient balance for token transfer");
    await expect(
      from.exchange.sendAsset({
        destination: from.address,
        sourceDex: "",
        destinationDex: "xyz",
        token: USDC,
        amount: "10",
      }),
    ).rejects.toThrow(/one collateral pool/);
    expect(await withdrawable(from)).toBe("349.5");

    await to.exchange.withdraw3({ destination: to.address, amount: "50" });
    expect(await withdrawable(to)).toBe("100.5");
    const { payouts } = await h.admin("/_twin/payouts?status=pending");
    expect(payouts.find((p: { user: string }) => p.user === to.address)).toMatchObject({
      usd: "49.0",
      destination: to.address,
    });
  });

  it("verifies the new actions' signatures like the venue: another network or altered fields are refused", async () => {
    const owner = await h.fundedTrader(KEYS[0], 10);
    const testnetSigned = h.trader(KEYS[0], { isTestnet: true });
    await expect(
      testnetSigned.exchange.sendAsset({
        destination: KEYS_ADDRESS,
        sourceDex: "",
        destinationDex: "",
        token: USDC,
        amount: "1",
      }),
    ).rejects.toThrow("Invalid hyperliquidChain: this venue is Mainnet");

    const nonce = h.clock.tick();
    const action = {
      type: "sendAsset",
      signatureChainId: "0x66eee" as const,
      hyperliquidChain: "Mainnet",
      destination: KEYS_ADDRESS,
      sourceDex: "",
      destinationDex: "",
      token: USDC,
      amount: "1",
      fromSubAccount: "",
      nonce,
    };
    const signature = await signUserSignedAction({ wallet: owner.wallet, action, types: SendAssetTypes });
    const altered = await h.post({ action: { ...action, amount: "5" }, nonce, signature });
    expect(altered.body.status).toBe("err");
    expect(altered.body.response).toMatch(/^Must deposit before performing actions\. User: 0x[0-9a-f]{40}$/);
    expect(altered.body.response).not.toContain(owner.address);

    const modify = { type: "modify", oid: 1, order: gtc(AAPL, true, "200", "1") };
    const l1Nonce = h.clock.tick();
    const l1Signature = await signL1Action({ wallet: owner.wallet, action: modify, nonce: l1Nonce });
    const tampered = await h.post({
      action: { ...modify, order: gtc(AAPL, true, "201", "1") },
      nonce: l1Nonce,
      signature: l1Signature,
    });
    expect(tampered.body.response).toMatch(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/);
    expect((await h.post({ action: modify, nonce: l1Nonce, signature: l1Signature })).body).toEqual({
      status: "err",
      response: "Cannot modify canceled or filled order",
    });
  });
});

const KEYS_ADDRESS = "0x000000000000000000000000000000000000beef";
