import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUsd } from "../../src/twins/hyperliquid/engine/decimal.ts";
import { assetOf, type Harness, ioc, KEYS, market, num, px, startHarness } from "./harness.ts";

const AAPL = assetOf("AAPL");
const micro = (text: string) => (text.startsWith("-") ? -parseUsd(text.slice(1))! : parseUsd(text)!);
const HOUR = 3_600_000;

describe("leverage, funding and liquidation", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  it("updateLeverage is bounded by the asset's maxLeverage", async () => {
    const t = await h.fundedTrader(KEYS[0], 5_000);
    await expect(t.exchange.updateLeverage({ asset: AAPL, isCross: true, leverage: 11 })).rejects.toThrow(
      "Invalid leverage value",
    );
    await expect(t.exchange.updateLeverage({ asset: AAPL, isCross: false, leverage: 11 })).rejects.toThrow(
      "Invalid leverage value",
    );
    await expect(t.exchange.updateLeverage({ asset: AAPL, isCross: true, leverage: 5 })).resolves.toEqual({
      status: "ok",
      response: { type: "default" },
    });
    expect((await h.info.activeAssetData({ user: t.address, coin: "xyz:AAPL" })).leverage).toEqual({
      type: "cross",
      value: 5,
    });
    const eur = assetOf("EUR");
    await expect(
      t.exchange.updateLeverage({ asset: eur, isCross: true, leverage: 50 }),
    ).resolves.toMatchObject({ status: "ok" });
    await expect(t.exchange.updateLeverage({ asset: eur, isCross: true, leverage: 51 })).rejects.toThrow(
      "Invalid leverage value",
    );

    // 5x on $5000 allows ~$25000 of AAPL; lowering to 1x with that open is refused
    const ask = num((await h.info.l2Book({ coin: "xyz:AAPL" }))!.levels[1][0].px);
    await t.exchange.order({
      orders: [ioc(AAPL, true, px(ask * 1.01), (Math.floor((15_000 / ask) * 1000) / 1000).toString())],
      grouping: "na",
    });
    await expect(t.exchange.updateLeverage({ asset: AAPL, isCross: true, leverage: 1 })).rejects.toThrow(
      "Cross position does not have sufficient margin available to decrease leverage.",
    );
    const state = await h.info.clearinghouseState({ user: t.address, dex: "xyz" });
    expect(state.assetPositions[0].position.leverage).toEqual({ type: "cross", value: 5 });
  });

  it("charges hourly funding to open positions after an hour of (fake) clock", async () => {
    const t = await h.fundedTrader(KEYS[1], 10_000);
    const ask = num((await h.info.l2Book({ coin: "xyz:AAPL" }))!.levels[1][0].px);
    await t.exchange.order({
      orders: [ioc(AAPL, true, px(ask * 1.01), "10")],
      grouping: "na",
    });
    const balance = async () => micro((await h.admin(`/_twin/account?user=${t.address}`)).balance);
    const before = await balance();
    expect(await h.info.userFunding({ user: t.address })).toEqual([]);

    await h.admin("/_twin/clock", { advanceMs: HOUR });
    const funding = await h.info.userFunding({ user: t.address });
    expect(funding).toHaveLength(1);
    const [row] = funding;
    expect(row.time % HOUR).toBe(0);
    expect(row.delta).toMatchObject({
      type: "funding",
      coin: "xyz:AAPL",
      szi: "10.0",
      fundingRate: "0.0000125",
      nSamples: null,
    });
    expect(micro(row.delta.usdc)).toBeLessThan(0); // longs pay a positive rate
    const oraclePx = h.venue.engine.core.oraclePx(market("AAPL"), row.time);
    expect(micro(row.delta.usdc)).toBe(-Math.round(10 * oraclePx * 0.0000125 * 1e6));
    expect(await balance()).toBe(before + micro(row.delta.usdc));
    const position = (await h.info.clearinghouseState({ user: t.address, dex: "xyz" })).assetPositions[0]
      .position;
    expect(micro(position.cumFunding.sinceOpen)).toBe(-micro(row.delta.usdc));
    expect(micro(position.cumFunding.allTime)).toBe(-micro(row.delta.usdc));

    await h.admin("/_twin/clock", { advanceMs: 5 * HOUR });
    expect(await h.info.userFunding({ user: t.address })).toHaveLength(6);
    expect(await h.info.userFunding({ user: t.address, startTime: row.time + 1 })).toHaveLength(5);
  });

  it("liquidates a leveraged position when the price moves against it", async () => {
    const t = await h.fundedTrader(KEYS[2], 1_000);
    const book = (await h.info.l2Book({ coin: "xyz:AAPL" }))!;
    const ask = num(book.levels[1][0].px);
    const size = (Math.floor((9_000 / ask) * 1000) / 1000).toString();
    await t.exchange.order({
      orders: [ioc(AAPL, true, px(ask * 1.01), size)],
      grouping: "na",
    });
    const resting = await t.exchange.order({
      orders: [{ a: AAPL, b: false, p: px(ask * 1.2), s: "1", r: true, t: { limit: { tif: "Gtc" } } }],
      grouping: "na",
    });
    const restingOid = (resting.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;

    const state = await h.info.clearinghouseState({ user: t.address, dex: "xyz" });
    const liqPx = num(state.assetPositions[0].position.liquidationPx!);
    const entry = num(state.assetPositions[0].position.entryPx);
    // value 1000 − fees; maintenance is notional / (2 × 10): liquidation about 5.6 % below entry
    expect(liqPx).toBeGreaterThan(entry * 0.93);
    expect(liqPx).toBeLessThan(entry * 0.96);

    await h.admin("/_twin/oracle", { coin: "xyz:AAPL", px: liqPx * 1.01 });
    expect((await h.info.clearinghouseState({ user: t.address, dex: "xyz" })).assetPositions).toHaveLength(1);

    await h.admin("/_twin/oracle", { coin: "xyz:AAPL", px: liqPx * 0.98 });
    const after = await h.info.clearinghouseState({ user: t.address, dex: "xyz" });
    expect(after.assetPositions).toHaveLength(0);
    const [fill] = await h.info.userFills({ user: t.address });
    expect(fill).toMatchObject({
      coin: "xyz:AAPL",
      side: "A",
      sz: size,
      dir: "Close Long",
      crossed: true,
      fee: "0.0",
    });
    expect(fill.liquidation).toMatchObject({ liquidatedUser: t.address, method: "market" });
    expect(micro(fill.closedPnl)).toBeLessThan(0);
    expect(num(after.marginSummary.accountValue)).toBeGreaterThanOrEqual(0);
    expect(num(after.marginSummary.accountValue)).toBeLessThan(1_000 * 0.5);
    expect(await h.info.orderStatus({ user: t.address, oid: restingOid })).toMatchObject({
      order: { status: "liquidatedCanceled" },
    });
  });
});
