import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUsd } from "../../src/twins/hyperliquid/engine/decimal.ts";
import { assetOf, gtc, type Harness, ioc, KEYS, num, px, startHarness, type Trader } from "./harness.ts";

const AAPL = assetOf("AAPL");
const micro = (text: string) => (text.startsWith("-") ? -parseUsd(text.slice(1))! : parseUsd(text)!);

async function touch(h: Harness, coin = "xyz:AAPL") {
  const book = await h.info.l2Book({ coin });
  return { bid: book!.levels[0][0].px, ask: book!.levels[1][0].px };
}

async function accountValue(h: Harness, user: string) {
  return micro((await h.info.clearinghouseState({ user, dex: "xyz" })).marginSummary.accountValue);
}

describe("trading on the xyz dex", () => {
  let h: Harness;
  let alice: Trader;
  let bob: Trader;
  beforeAll(async () => {
    h = await startHarness();
    alice = await h.fundedTrader(KEYS[0], 10_000);
    bob = await h.fundedTrader(KEYS[1], 10_000);
  });
  afterAll(() => h.stop());

  it("a market order fills against the maker and opens a position at the fill price", async () => {
    const { ask } = await touch(h);
    const reply = await alice.exchange.order({
      orders: [ioc(AAPL, true, px(num(ask) * 1.01), "2")],
      grouping: "na",
    });
    const status = reply.response.data.statuses[0] as {
      filled: { totalSz: string; avgPx: string; oid: number };
    };
    expect(status.filled.totalSz).toBe("2.0");
    expect(num(status.filled.avgPx)).toBe(num(ask));
    const state = await h.info.clearinghouseState({ user: alice.address, dex: "xyz" });
    expect(state.assetPositions).toHaveLength(1);
    const p = state.assetPositions[0].position;
    expect(p.coin).toBe("xyz:AAPL");
    expect(p.szi).toBe("2.0");
    expect(num(p.entryPx)).toBe(num(ask));
    expect(p.leverage).toEqual({ type: "cross", value: 10 });
    const fills = await h.info.userFills({ user: alice.address });
    expect(fills[0]).toMatchObject({
      coin: "xyz:AAPL",
      side: "B",
      sz: "2.0",
      dir: "Open Long",
      crossed: true,
      startPosition: "0.0",
      oid: status.filled.oid,
    });
    // taker fee 4.5 bps of the notional, to the micro-dollar
    expect(micro(fills[0].fee)).toBe(Math.round(num(ask) * 2 * 1e6 * 0.00045));
  });

  it("closing realizes PnL: userFills.closedPnl, and account value moves by exactly PnL − fees", async () => {
    const before = await accountValue(h, alice.address);
    const mark = num((await h.info.metaAndAssetCtxs({ dex: "xyz" }))[1][1].markPx);
    await h.admin("/_twin/oracle", { coin: "xyz:AAPL", px: mark * 1.02 });
    const { bid } = await touch(h);
    const reply = await alice.exchange.order({
      orders: [ioc(AAPL, false, px(num(bid) * 0.99), "2", true)],
      grouping: "na",
    });
    expect(reply.response.data.statuses[0]).toMatchObject({ filled: { totalSz: "2.0" } });
    const [close, open] = await h.info.userFills({ user: alice.address });
    expect(close.dir).toBe("Close Long");
    const expectedPnl = Math.round((num(close.px) - num(open.px)) * 2 * 1e6);
    expect(micro(close.closedPnl)).toBe(expectedPnl);
    expect(micro(close.closedPnl)).toBeGreaterThan(0);
    const state = await h.info.clearinghouseState({ user: alice.address, dex: "xyz" });
    expect(state.assetPositions).toHaveLength(0);
    // flat again: the account value is cash, so the round trip shows exactly PnL net of both fees
    const after = await accountValue(h, alice.address);
    expect(after).toBe(10_000_000_000 + micro(close.closedPnl) - micro(close.fee) - micro(open.fee));
    expect(after).toBeGreaterThan(before - micro(close.fee)); // the +2% move was already in the value at mark
  });

  it("a limit order away from the touch rests, is listed, and cancels by oid and by cloid", async () => {
    const { bid } = await touch(h);
    const price = px(num(bid) * 0.98);
    // (a cloid that reads as a small hex number would be sent as an oid by the client library)
    const cloid = "0xc10d0000000000000000000000000abc" as const;
    const reply = await alice.exchange.order({
      orders: [gtc(AAPL, true, price, "0.5"), gtc(AAPL, true, price, "0.5", cloid)],
      grouping: "na",
    });
    const [first, second] = reply.response.data.statuses as { resting: { oid: number; cloid?: string } }[];
    expect(first.resting.oid).toBeTypeOf("number");
    expect(second.resting).toEqual({ oid: second.resting.oid, cloid });

    const open = await h.info.openOrders({ user: alice.address, dex: "xyz" });
    expect(open.map((o) => o.oid).sort()).toEqual([first.resting.oid, second.resting.oid].sort());
    expect(open.find((o) => o.oid === second.resting.oid)).toMatchObject({
      coin: "xyz:AAPL",
      side: "B",
      sz: "0.5",
      origSz: "0.5",
      cloid,
    });
    const frontend = await h.info.frontendOpenOrders({ user: alice.address, dex: "xyz" });
    expect(frontend.find((o) => o.oid === first.resting.oid)).toMatchObject({
      orderType: "Limit",
      tif: "Gtc",
      reduceOnly: false,
      isTrigger: false,
      cloid: null,
    });
    expect(await h.info.openOrders({ user: alice.address })).toEqual([]); // main dex: nothing there

    expect(await h.info.orderStatus({ user: alice.address, oid: cloid })).toMatchObject({
      status: "order",
      order: { status: "open" },
    });
    expect(await alice.exchange.cancel({ cancels: [{ a: AAPL, o: first.resting.oid }] })).toEqual({
      status: "ok",
      response: { type: "cancel", data: { statuses: ["success"] } },
    });
    expect(await alice.exchange.cancelByCloid({ cancels: [{ asset: AAPL, cloid }] })).toEqual({
      status: "ok",
      response: { type: "cancel", data: { statuses: ["success"] } },
    });
    expect(await h.info.openOrders({ user: alice.address, dex: "xyz" })).toEqual([]);
    expect(await h.info.orderStatus({ user: alice.address, oid: first.resting.oid })).toMatchObject({
      status: "order",
      order: { status: "canceled" },
    });
    await expect(alice.exchange.cancel({ cancels: [{ a: AAPL, o: first.resting.oid }] })).rejects.toThrow(
      "Order was never placed, already canceled, or filled.",
    );
    expect(await h.info.orderStatus({ user: alice.address, oid: 42 })).toEqual({ status: "unknownOid" });
    const history = await h.info.historicalOrders({ user: alice.address });
    expect(history.filter((o) => o.status === "canceled")).toHaveLength(2);
  });

  it("rests user orders inside the spread and matches them in price-time priority", async () => {
    const { bid, ask } = await touch(h);
    const inside = px((num(bid) + num(ask)) / 2);
    expect(num(inside)).toBeGreaterThan(num(bid));
    const a = await alice.exchange.order({ orders: [gtc(AAPL, true, inside, "0.5")], grouping: "na" });
    const b = await bob.exchange.order({ orders: [gtc(AAPL, true, inside, "0.5")], grouping: "na" });
    const aOid = (a.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
    const bOid = (b.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
    expect((await touch(h)).bid).toBe(inside);
    const carol = await h.fundedTrader(KEYS[2], 5_000);
    const sold = await carol.exchange.order({ orders: [ioc(AAPL, false, inside, "0.7")], grouping: "na" });
    expect(sold.response.data.statuses[0]).toMatchObject({ filled: { totalSz: "0.7" } });
    expect(await h.info.orderStatus({ user: alice.address, oid: aOid })).toMatchObject({
      order: { status: "filled" },
    });
    const bobOrder = await h.info.orderStatus({ user: bob.address, oid: bOid });
    expect(bobOrder).toMatchObject({ order: { status: "open", order: { sz: "0.3", origSz: "0.5" } } });
    const [aliceFill] = await h.info.userFills({ user: alice.address });
    expect(aliceFill).toMatchObject({ oid: aOid, crossed: false, sz: "0.5", side: "B" });
    expect(micro(aliceFill.fee)).toBe(Math.round(num(inside) * 0.5 * 1e6 * 0.00015)); // maker rate
    await bob.exchange.cancel({ cancels: [{ a: AAPL, o: bOid }] });
  });

  it("rejects a post-only order that would cross, and rests one that would not", async () => {
    const { bid, ask } = await touch(h);
    const reply = await alice.exchange
      .order({
        orders: [{ a: AAPL, b: true, p: ask, s: "1", r: false, t: { limit: { tif: "Alo" } } }],
        grouping: "na",
      })
      .catch((error) => error.response);
    expect(reply.response.data.statuses[0]).toEqual({
      error: `Post only order would have immediately matched, bbo was ${bid}@${ask}. asset=${AAPL}`,
    });
    const ok = await alice.exchange.order({
      orders: [{ a: AAPL, b: true, p: bid, s: "1", r: false, t: { limit: { tif: "Alo" } } }],
      grouping: "na",
    });
    const oid = (ok.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
    await alice.exchange.cancel({ cancels: [{ a: AAPL, o: oid }] });
  });

  it("validates lot size, minimum value, price ticks and reduce-only like the venue", async () => {
    const { ask } = await touch(h);
    const errorOf = async (order: Record<string, unknown>) => {
      const reply = await alice.exchange
        .order({ orders: [order as never], grouping: "na" })
        .catch((e) => e.response);
      return reply.response.data.statuses[0].error as string;
    };
    expect(await errorOf(ioc(AAPL, true, ask, "0.0001"))).toBe(`Order has invalid size. asset=${AAPL}`);
    expect(await errorOf(ioc(AAPL, true, ask, "0.01"))).toBe(
      `Order must have minimum value of $10. asset=${AAPL}`,
    );
    expect(await errorOf(ioc(AAPL, true, "230.123", "1"))).toBe(
      `Price must be divisible by tick size. asset=${AAPL}`,
    );
    const jpy = assetOf("JPY");
    expect(await errorOf(gtc(jpy, true, "0.0066123", "5000"))).toBe(
      `Price must be divisible by tick size. asset=${jpy}`,
    );
    // alice is long (her bid inside the spread was filled): a reduce-only buy would add to it
    expect(await errorOf(ioc(AAPL, true, ask, "1", true))).toBe(
      `Reduce only order would increase position. asset=${AAPL}`,
    );
    // integer prices are always valid, whatever their significant figures
    const far = await alice.exchange.order({ orders: [gtc(AAPL, false, "123456", "0.1")], grouping: "na" });
    const oid = (far.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
    await alice.exchange.cancel({ cancels: [{ a: AAPL, o: oid }] });
  });

  it("an IOC that cannot match is rejected, and margin is checked before trading", async () => {
    const { bid } = await touch(h);
    await expect(
      alice.exchange.order({ orders: [ioc(AAPL, true, px(num(bid) * 0.95), "1")], grouping: "na" }),
    ).rejects.toThrow(`Order could not immediately match against any resting orders. asset=${AAPL}`);
    const small = await h.fundedTrader(KEYS[3], 100);
    await expect(
      small.exchange.order({ orders: [ioc(AAPL, true, px(num(bid) * 1.01), "5")], grouping: "na" }),
    ).rejects.toThrow(`Insufficient margin to place order. asset=${AAPL}`);
  });

  it("xyz orders need an abstraction mode: the collateral sits on the main dex by default", async () => {
    const dave = h.trader(KEYS[4]);
    await h.credit(dave.address, 1_000);
    expect(await h.info.userAbstraction({ user: dave.address })).toBe("default");
    const { ask } = await touch(h);
    await expect(
      dave.exchange.order({ orders: [ioc(AAPL, true, px(num(ask) * 1.01), "1")], grouping: "na" }),
    ).rejects.toThrow("Insufficient margin to place order.");
    expect((await h.info.clearinghouseState({ user: dave.address })).marginSummary.accountValue).toBe(
      "1000.0",
    );
    expect(
      (await h.info.clearinghouseState({ user: dave.address, dex: "xyz" })).marginSummary.accountValue,
    ).toBe("0.0");
    await dave.exchange.userSetAbstraction({ user: dave.address, abstraction: "unifiedAccount" });
    expect(await h.info.userAbstraction({ user: dave.address })).toBe("unifiedAccount");
    await expect(
      dave.exchange.order({ orders: [ioc(AAPL, true, px(num(ask) * 1.01), "1")], grouping: "na" }),
    ).resolves.toMatchObject({ status: "ok" });
  });
});
