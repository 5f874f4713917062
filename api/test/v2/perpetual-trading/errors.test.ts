import {
  addressOf,
  appFor,
  faultyProxy,
  type Harness,
  KEYS,
  startHarness,
} from "@compass/testkit/perpetual-trading";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../../fixtures.ts";

let h: Harness;
const owner = addressOf(KEYS[1]);

beforeAll(async () => {
  h = await startHarness();
  await h.fund(owner, 1_000);
});
afterAll(() => h?.stop());

/** The 422's offending field locations and messages. */
const issues = (r: { status: number; json: any }) => {
  expect(r.status).toBe(422);
  return r.json.detail.map((d: any) => [d.loc.join("."), d.msg]);
};

describe("bad input is a 422 naming the field, before anything is built", () => {
  test.each([
    [
      "unknown asset",
      "market_order",
      { owner, asset: "NOPE", side: "buy", size: "1" },
      "body.asset",
      /Unknown asset 'NOPE'/,
    ],
    [
      "size off the step",
      "market_order",
      { owner, asset: "AAPL", side: "buy", size: "0.0005" },
      "body.size",
      /multiple of 0\.001/,
    ],
    [
      "size under the $10 minimum",
      "limit_order",
      { owner, asset: "AAPL", side: "buy", size: "0.01", price: "200" },
      "body.size",
      /at least \$10/,
    ],
    [
      "price of zero",
      "limit_order",
      { owner, asset: "AAPL", side: "buy", size: "1", price: "0" },
      "body.price",
      /greater than 0/,
    ],
    [
      "negative price",
      "limit_order",
      { owner, asset: "AAPL", side: "buy", size: "1", price: "-5" },
      "body.price",
      /greater than 0/,
    ],
    [
      "price with 6 significant figures",
      "limit_order",
      { owner, asset: "AAPL", side: "buy", size: "1", price: "231.456" },
      "body.price",
      /5 significant figures/,
    ],
    [
      "leverage above the maximum",
      "set_leverage",
      { owner, asset: "AAPL", leverage: 11 },
      "body.leverage",
      /at most 10×/,
    ],
    ["missing owner", "ensure_leverage", { asset: "AAPL" }, "body.owner", /Field required/],
    [
      "reduce-only with nothing to reduce",
      "market_order",
      { owner, asset: "TSLA", side: "sell", size: "1", reduce_only: true },
      "body.reduce_only",
      /No long TSLA position/,
    ],
    [
      "slippage above 100",
      "market_order",
      { owner, asset: "AAPL", side: "buy", size: "1", slippage_percent: 150 },
      "body.slippage_percent",
      /less than or equal to 100/,
    ],
    [
      "builder fee above the perps cap",
      "market_order",
      {
        owner,
        asset: "AAPL",
        side: "buy",
        size: "1",
        builder: { address: addressOf(KEYS[3]), max_fee_rate: "0.2%" },
      },
      "body.builder.max_fee_rate",
      /at most 0\.1%/,
    ],
    [
      "builder not approved",
      "market_order",
      {
        owner,
        asset: "AAPL",
        side: "buy",
        size: "1",
        builder: { address: addressOf(KEYS[3]), max_fee_rate: "0.01%" },
      },
      "body.builder.max_fee_rate",
      /approve_builder_fee/,
    ],
    [
      "withdrawal over the withdrawable",
      "withdraw",
      { owner, amount: "5000" },
      "body.amount",
      /At most 1000\.0 USDC/,
    ],
    [
      "withdrawal not above the fee",
      "withdraw",
      { owner, amount: "1" },
      "body.amount",
      /exceed the venue's 1 USDC/,
    ],
    [
      "cancel of an unknown order",
      "cancel_order",
      { owner, asset: "AAPL", order_id: 42 },
      "body.order_id",
      /No order 42 on AAPL/,
    ],
    [
      "unified account for a never-funded owner",
      "enable_unified_account",
      { owner: addressOf(KEYS[2]) },
      "body.owner",
      /must deposit/,
    ],
    [
      "builder approval for an unfunded builder",
      "approve_builder_fee",
      { owner, builder: { address: addressOf(KEYS[2]), max_fee_rate: "0.01%" } },
      "body.builder.address",
      /at least 100 USDC/,
    ],
  ])("%s", async (_name, op, body, loc, msg) => {
    const found = issues(await h.post(op, body));
    expect(found).toContainEqual([loc, expect.stringMatching(msg)]);
  });

  test("cancel_order needs exactly one id", async () => {
    expect(issues(await h.post("cancel_order", { owner, asset: "AAPL" })).map((i: string[]) => i[0])).toEqual(
      ["body.order_id", "body.client_order_id"],
    );
    expect(
      issues(await h.post("cancel_order", { owner, asset: "AAPL", order_id: 1, client_order_id: 1 }))[0][1],
    ).toMatch(/not both/);
  });

  test("reads: unknown asset and symbol, and malformed owners", async () => {
    expect(issues(await h.get("positions", { owner, asset: "ZZZ" }))[0][0]).toBe("query.asset");
    expect(issues(await h.get("candles", { symbol: "ZZZ", interval: "1h" }))[0][0]).toBe("query.symbol");
    expect(issues(await h.get("activity", { owner: "0x123" }))[0][0]).toBe("query.owner");
    expect(issues(await h.get("candles", { symbol: "AAPL", interval: "2h" }))[0][0]).toBe("query.interval");
  });

  test("execute: a malformed signature or action never reaches the venue", async () => {
    expect(
      issues(await h.post("execute", { action: {}, nonce: 1, signature: "0x12" })).map((i: string[]) => i[0]),
    ).toEqual(["body.action", "body.signature"]);
  });

  test("the retired prefix answers 404", async () => {
    const r = await call(h.app, "POST", "/v2/global_markets_perps/market_order", { body: "{}" });
    expect(r.status).toBe(404);
  });
});

describe("venue failures", () => {
  test("behavior: an unreachable venue is a 502 with a reason", async () => {
    const app = appFor("http://127.0.0.1:9");
    for (const path of [
      "/v2/perpetual_trading/opportunities",
      `/v2/perpetual_trading/positions?owner=${owner}`,
    ]) {
      const r = await call(app, "GET", path);
      expect(r.status).toBe(502);
      expect(r.json.detail).toMatch(/Perpetuals venue is unreachable/);
    }
    const r = await call(app, "POST", "/v2/perpetual_trading/market_order", {
      body: JSON.stringify({ owner, asset: "AAPL", side: "buy", size: "1" }),
    });
    expect(r.status).toBe(502);
  });

  test("behavior: activity answers what it could, naming the failed sections; 502 only when all fail", async () => {
    const failing = new Set(["userFills"]);
    const proxy = await faultyProxy(h.venue.url, failing);
    try {
      const app = appFor(proxy.url);
      const partial = await call(app, "GET", `/v2/perpetual_trading/activity?owner=${owner}`);
      expect(partial.status).toBe(200);
      expect(partial.json.fills).toBeNull();
      expect(partial.json.account_value).toBe("1000.0");
      expect(partial.json.open_orders).toEqual([]);
      expect(partial.json.partial_errors).toEqual([
        { section: "fills", message: expect.stringMatching(/HTTP 500/) },
      ]);
      failing.add("*");
      const none = await call(app, "GET", `/v2/perpetual_trading/activity?owner=${owner}&builder=${owner}`);
      expect(none.status).toBe(502);
    } finally {
      await proxy.close();
    }
  });
});
