import { addressOf, type Harness, KEYS, startHarness } from "@compass/testkit/perpetual-trading";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * GET /order_book (Compass extension) against the venue twin: the levels are the venue's own `l2Book`, and an
 * order placed through the API shows up at its price.
 */
let h: Harness;
const key = KEYS[4];
const owner = addressOf(key);

beforeAll(async () => {
  h = await startHarness();
  await h.fund(owner, 5_000);
  await h.run(key, "enable_unified_account", { owner });
});
afterAll(() => h?.stop());

const l2Book = async (coin: string) =>
  (
    await fetch(`${h.venue.url}/info`, { method: "POST", body: JSON.stringify({ type: "l2Book", coin }) })
  ).json();

describe("GET /v2/perpetual_trading/order_book", () => {
  test("default: the venue's bids and asks best first, with mid price and spread", async () => {
    const r = await h.get("order_book", { asset: "GOLD" });
    expect(r.status).toBe(200);
    const { asset, bids, asks, mid_price, spread, time_ms } = r.json;
    expect(asset).toBe("GOLD");
    expect(bids.length).toBeGreaterThan(0);
    expect(asks.length).toBeGreaterThan(0);
    expect(time_ms).toBeGreaterThan(0);
    const prices = (side: { price: string }[]) => side.map((l) => Number(l.price));
    expect(prices(bids)).toEqual([...prices(bids)].sort((a, b) => b - a));
    expect(prices(asks)).toEqual([...prices(asks)].sort((a, b) => a - b));
    expect(Number(bids[0].price)).toBeLessThan(Number(asks[0].price));
    expect(Number(spread)).toBeCloseTo(Number(asks[0].price) - Number(bids[0].price), 8);
    expect(Number(mid_price)).toBeCloseTo((Number(asks[0].price) + Number(bids[0].price)) / 2, 8);
    // the twin's own book, read directly: the same shape of levels (prices, sizes and counts as the venue writes them)
    const venue = await l2Book("xyz:GOLD");
    expect(venue.levels[0].length).toBe(bids.length);
    expect(bids[0]).toEqual({
      price: expect.any(String),
      size: expect.any(String),
      orders: expect.any(Number),
    });
  });

  test("behavior: a bid placed through the API inside the spread is on the book at its price, as the venue has it", async () => {
    const before = (await h.get("order_book", { asset: "GOLD" })).json;
    // GOLD's tick is 0.1 here; a bid half a dollar above the best is alone at its price, below the best ask
    const price = (Number(before.bids[0].price) + 0.5).toFixed(1);
    expect(Number(price)).toBeLessThan(Number(before.asks[0].price));
    const placed = await h.run(key, "limit_order", {
      owner,
      asset: "GOLD",
      side: "buy",
      size: "0.05",
      price,
    });
    expect(placed.response.data.statuses[0], JSON.stringify(placed)).toHaveProperty("resting");
    const [ours, venue] = await Promise.all([h.get("order_book", { asset: "GOLD" }), l2Book("xyz:GOLD")]);
    const level = ours.json.bids.find((l: { price: string }) => Number(l.price) === Number(price));
    const venueLevel = venue.levels[0].find((l: { px: string }) => Number(l.px) === Number(price));
    expect(level).toEqual({ price: venueLevel.px, size: venueLevel.sz, orders: venueLevel.n });
    expect(level).toMatchObject({ size: "0.05", orders: 1 });
    // grouped to 2 significant figures, the levels are the venue's grouping, ours included in the best
    const grouped = (await h.get("order_book", { asset: "GOLD", sig_figs: 2 })).json;
    const venueGrouped = await (
      await fetch(`${h.venue.url}/info`, {
        method: "POST",
        body: JSON.stringify({ type: "l2Book", coin: "xyz:GOLD", nSigFigs: 2 }),
      })
    ).json();
    expect(grouped.bids.map((l: { price: string }) => l.price)).toEqual(
      venueGrouped.levels[0].map((l: { px: string }) => l.px),
    );
  });

  test("behavior: an unknown ticker is a 422 naming asset; sig_figs outside 2–5 is a 422", async () => {
    expect((await h.get("order_book", { asset: "NOPE" })).status).toBe(422);
    const bad = await h.get("order_book", { asset: "GOLD", sig_figs: 7 });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json)).toContain("sig_figs");
  });
});
