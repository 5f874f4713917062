import { addressOf, type Harness, KEYS, startHarness } from "@compass/testkit/perpetual-trading";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * Compass extensions on orders and leverage, against the venue twin: take profit and stop loss (the venue's
 * trigger orders, `normalTpsl` with an order and `positionTpsl` on a position), fired by the twin when the
 * mark crosses them; and isolated margin on set_leverage. Every outcome is read back from the venue.
 */
let h: Harness;
const key = KEYS[1];
const owner = addressOf(key);

beforeAll(async () => {
  h = await startHarness();
  await h.fund(owner, 20_000);
  await h.run(key, "enable_unified_account", { owner });
});
afterAll(() => h?.stop());

const info = async (body: unknown) =>
  (await fetch(`${h.venue.url}/info`, { method: "POST", body: JSON.stringify(body) })).json();
const moveOracle = (coin: string, px: number) =>
  fetch(`${h.venue.url}/_twin/oracle`, { method: "POST", body: JSON.stringify({ coin, px }) });
const venuePosition = async (coin: string) =>
  (await info({ type: "clearinghouseState", user: owner, dex: "xyz" })).assetPositions.find(
    (p: { position: { coin: string } }) => p.position.coin === coin,
  )?.position;
const mark = async (asset: string) =>
  Number(
    (await h.get("opportunities", {})).json.opportunities.find((o: { asset: string }) => o.asset === asset)
      .mark_price,
  );
const px = (n: number) => Number(n.toPrecision(5)).toString();

describe("margin mode (set_leverage margin_mode)", () => {
  test("parameters: margin_mode isolated, the venue keeps the asset isolated and a new position is isolated", async () => {
    const r = await h.post("set_leverage", { owner, asset: "TSLA", leverage: 3, margin_mode: "isolated" });
    expect(r.json.action).toEqual({ type: "updateLeverage", asset: 110002, isCross: false, leverage: 3 });
    expect((await h.execute(key, r.json)).status).toBe("ok");
    expect((await info({ type: "activeAssetData", user: owner, coin: "xyz:TSLA" })).leverage).toMatchObject({
      type: "isolated",
      value: 3,
    });
    const again = await h.post("set_leverage", {
      owner,
      asset: "TSLA",
      leverage: 3,
      margin_mode: "isolated",
    });
    expect(again.json.leverage_ok).toBe(true);
    // the same multiplier in cross is a change to sign
    expect((await h.post("set_leverage", { owner, asset: "TSLA", leverage: 3 })).json.leverage_ok).toBe(
      false,
    );
    const buy = await h.run(key, "market_order", { owner, asset: "TSLA", side: "buy", size: "0.1" });
    expect(buy.response.data.statuses[0]).toHaveProperty("filled");
    expect((await venuePosition("xyz:TSLA")).leverage).toMatchObject({ type: "isolated", value: 3 });
    expect(
      (
        await h.run(key, "market_order", {
          owner,
          asset: "TSLA",
          side: "sell",
          size: "0.1",
          reduce_only: true,
        })
      ).status,
    ).toBe("ok");
  });
});

describe("take profit and stop loss", () => {
  test("default: a market buy with both carries them as trigger orders (normalTpsl); the twin fires the TP when the mark passes it", async () => {
    const m0 = await mark("AAPL");
    const body = {
      owner,
      asset: "AAPL",
      side: "buy",
      size: "1",
      take_profit: { trigger_price: px(m0 * 1.05) },
      stop_loss: { trigger_price: px(m0 * 0.95) },
    };
    const r = await h.post("market_order", body);
    expect(r.status).toBe(200);
    expect(r.json.action.grouping).toBe("normalTpsl");
    expect(r.json.action.orders.slice(1)).toEqual([
      {
        a: 110001,
        b: false,
        p: px(m0 * 1.05),
        s: "1",
        r: true,
        t: { trigger: { isMarket: true, triggerPx: px(m0 * 1.05), tpsl: "tp" } },
      },
      {
        a: 110001,
        b: false,
        p: px(m0 * 0.95),
        s: "1",
        r: true,
        t: { trigger: { isMarket: true, triggerPx: px(m0 * 0.95), tpsl: "sl" } },
      },
    ]);
    const reply = await h.execute(key, r.json);
    expect(reply.response.data.statuses.slice(1)).toEqual(["waitingForTrigger", "waitingForTrigger"]);
    const orders = (await h.get("activity", { owner })).json.open_orders;
    expect(orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          asset: "AAPL",
          side: "sell",
          reduce_only: true,
          tpsl: "tp",
          trigger_price: expect.any(String),
        }),
        expect.objectContaining({
          asset: "AAPL",
          side: "sell",
          reduce_only: true,
          tpsl: "sl",
          trigger_price: expect.any(String),
        }),
      ]),
    );
    expect(Number(orders.find((o: { tpsl?: string }) => o.tpsl === "tp").trigger_price)).toBeCloseTo(
      m0 * 1.05,
      0,
    );

    await moveOracle("xyz:AAPL", m0 * 1.07);
    expect(await venuePosition("xyz:AAPL")).toBeUndefined();
    const [close] = await info({ type: "userFills", user: owner });
    expect(close).toMatchObject({ coin: "xyz:AAPL", dir: "Close Long", sz: "1.0" });
    expect(Number(close.closedPnl)).toBeGreaterThan(0);
    // the stop loss went with it
    expect(
      (await h.get("activity", { owner })).json.open_orders.filter(
        (o: { asset: string }) => o.asset === "AAPL",
      ),
    ).toEqual([]);
  });

  test("default: position_tpsl puts a stop on an open position (positionTpsl); the twin closes it when the mark falls through", async () => {
    const buy = await h.run(key, "market_order", { owner, asset: "GOLD", side: "buy", size: "0.05" });
    expect(buy.response.data.statuses[0]).toHaveProperty("filled");
    const m0 = await mark("GOLD");
    const r = await h.post("position_tpsl", {
      owner,
      asset: "GOLD",
      stop_loss: { trigger_price: px(m0 * 0.97) },
    });
    expect(r.status).toBe(200);
    expect(r.json.action).toMatchObject({
      type: "order",
      grouping: "positionTpsl",
      orders: [{ a: 110008, b: false, s: "0", r: true, t: { trigger: { tpsl: "sl", isMarket: true } } }],
    });
    expect((await h.execute(key, r.json)).response.data.statuses).toEqual(["waitingForTrigger"]);
    const sl = (await h.get("activity", { owner })).json.open_orders.find(
      (o: { asset: string }) => o.asset === "GOLD",
    );
    expect(sl).toMatchObject({ tpsl: "sl", reduce_only: true });

    await moveOracle("xyz:GOLD", m0 * 0.95);
    expect(await venuePosition("xyz:GOLD")).toBeUndefined();
    const [close] = await info({ type: "userFills", user: owner });
    expect(close).toMatchObject({ coin: "xyz:GOLD", dir: "Close Long", oid: sl.order_id });
  });

  test("behavior: a take profit on the wrong side, TP/SL on a reduce-only order, and position_tpsl without a position are 422s naming the field", async () => {
    const m0 = await mark("NVDA");
    const wrong = await h.post("limit_order", {
      owner,
      asset: "NVDA",
      side: "buy",
      size: "1",
      price: px(m0 * 0.99),
      take_profit: { trigger_price: px(m0 * 0.9) },
    });
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.json)).toMatch(/take_profit.*trigger_price|must trigger above/);
    const reduce = await h.post("market_order", {
      owner,
      asset: "NVDA",
      side: "sell",
      size: "1",
      reduce_only: true,
      stop_loss: { trigger_price: px(m0 * 1.1) },
    });
    expect(reduce.status).toBe(422);
    const none = await h.post("position_tpsl", {
      owner,
      asset: "NVDA",
      take_profit: { trigger_price: px(m0 * 1.1) },
    });
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.json)).toContain("No open NVDA position");
    const empty = await h.post("position_tpsl", { owner, asset: "NVDA" });
    expect(empty.status).toBe(422);
  });
});
