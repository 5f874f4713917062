import { addressOf, type Harness, KEYS, startHarness } from "@compass/testkit/perpetual-trading";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * The whole trading flow over HTTP against a venue twin: every payload the API builds is signed with a
 * dev key and verified by the twin's own signer recovery (not the library the API uses), and every
 * outcome is read back from the venue.
 */
let h: Harness;
const key = KEYS[0];
const owner = addressOf(key);

beforeAll(async () => {
  h = await startHarness();
  await h.fund(owner, 10_000);
});
afterAll(() => h?.stop());

const position = async (asset: string) =>
  (await h.get("positions", { owner, asset })).json.positions[0] as Record<string, string> | undefined;

describe("perpetual trading against the venue twin", () => {
  test("default: enable_unified_account is signed, executed, and then has nothing left to sign", async () => {
    const first = await h.post("enable_unified_account", { owner });
    expect(first.status).toBe(200);
    expect(first.json.mode).toBe("default");
    expect(first.json.typed_data.domain).toMatchObject({
      name: "HyperliquidSignTransaction",
      chainId: 421614,
    });
    expect(first.json.typed_data.primaryType).toBe("HyperliquidTransaction:UserSetAbstraction");
    expect(await h.execute(key, first.json)).toEqual({ status: "ok", response: { type: "default" } });
    const again = await h.post("enable_unified_account", { owner });
    expect(again.json).toEqual({ mode: "unifiedAccount", typed_data: null, action: null, nonce: null });
  });

  test("default: set_leverage builds an L1 action in the Exchange domain; the venue applies it", async () => {
    const r = await h.post("set_leverage", { owner, asset: "AAPL", leverage: 5 });
    expect(r.json.leverage_ok).toBe(false);
    expect(r.json.typed_data.domain).toEqual({
      name: "Exchange",
      version: "1",
      chainId: 1337,
      verifyingContract: "0x0000000000000000000000000000000000000000",
    });
    expect(r.json.action).toEqual({ type: "updateLeverage", asset: 110001, isCross: true, leverage: 5 });
    expect((await h.execute(key, r.json)).status).toBe("ok");
    expect((await h.post("set_leverage", { owner, asset: "AAPL", leverage: 5 })).json.leverage_ok).toBe(true);
    expect((await h.post("ensure_leverage", { owner, asset: "AAPL" })).json.leverage_ok).toBe(false);
  });

  test("default: market buy opens a position of the ordered size at the fill price", async () => {
    const r = await h.post("market_order", {
      owner,
      asset: "AAPL",
      side: "buy",
      size: "2.5",
      slippage_percent: 1,
    });
    expect(r.status).toBe(200);
    expect(r.json.action).toMatchObject({
      type: "order",
      grouping: "na",
      orders: [{ a: 110001, b: true, s: "2.5", r: false, t: { limit: { tif: "Ioc" } } }],
    });
    const reply = await h.execute(key, r.json);
    const filled = reply.response.data.statuses[0].filled;
    expect(filled.totalSz).toBe("2.5");
    const p = await position("AAPL");
    expect(p).toMatchObject({ asset: "AAPL", asset_id: 110001, side: "long", size: "2.5", leverage: "5" });
    expect(Number(p!.entry_price)).toBeCloseTo(Number(filled.avgPx), 6);
    expect(Number(p!.margin_used)).toBeCloseTo((2.5 * Number(p!.mark_price)) / 5, 1);
  });

  test("default: a reduce-only sell closes it; the fill realises PnL and account value moves by PnL − fees", async () => {
    const account = (await h.get("positions", { owner })).json;
    const unrealized = Number(account.positions[0].unrealized_pnl);
    const cash = Number(account.account_value) - unrealized;
    const r = await h.post("market_order", {
      owner,
      asset: "AAPL",
      side: "sell",
      size: "2.5",
      reduce_only: true,
    });
    const reply = await h.execute(key, r.json);
    expect(reply.response.data.statuses[0].filled.totalSz).toBe("2.5");
    expect(await position("AAPL")).toBeUndefined();
    const activity = (await h.get("activity", { owner })).json;
    const close = activity.fills.find((f: any) => f.side === "sell" && f.asset === "AAPL");
    const open = activity.fills.find((f: any) => f.side === "buy" && f.asset === "AAPL");
    expect(open.closed_pnl).toBeNull();
    expect(close.closed_pnl).not.toBeNull();
    // Flat again, the account is its cash: what it had plus the PnL realised at the fill, less the fee.
    expect(Number(activity.account_value)).toBeCloseTo(
      cash + Number(close.closed_pnl) - Number(close.fee),
      2,
    );
    expect(Math.abs(Number(close.closed_pnl) - unrealized)).toBeLessThan(2.5 * 0.01 * 230);
  });

  test("default: a gtc limit rests, is listed in open orders, and cancels by order_id", async () => {
    const r = await h.post("limit_order", { owner, asset: "GOLD", side: "buy", size: "0.01", price: "3000" });
    const oid = (await h.execute(key, r.json)).response.data.statuses[0].resting.oid;
    const orders = (await h.get("activity", { owner })).json.open_orders;
    expect(orders).toContainEqual(
      expect.objectContaining({
        asset: "GOLD",
        side: "buy",
        limit_price: "3000.0",
        size: "0.01",
        order_id: oid,
        reduce_only: false,
      }),
    );
    const cancel = await h.post("cancel_order", { owner, asset: "GOLD", order_id: oid });
    expect((await h.execute(key, cancel.json)).response.data.statuses).toEqual(["success"]);
    expect((await h.get("activity", { owner })).json.open_orders).toEqual([]);
  });

  test("parameters: client_order_id beyond 2^53 round-trips as the order's cloid and cancels by it", async () => {
    const id = 2n ** 127n + 12345n;
    const body = `{"owner":"${owner}","asset":"EUR","side":"sell","size":"100","price":"1.5","time_in_force":"alo","client_order_id":${id}}`;
    const r = await h.app.fetch(
      new Request("http://t/v2/perpetual_trading/limit_order", {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      }),
    );
    const prepared = await r.json();
    expect(prepared.action.orders[0].c).toBe(`0x${id.toString(16).padStart(32, "0")}`);
    expect(prepared.action.orders[0].t).toEqual({ limit: { tif: "Alo" } });
    expect((await h.execute(key, prepared)).response.data.statuses[0].resting).toBeDefined();
    const cancel = await h.post("cancel_order", { owner, asset: "EUR", client_order_id: id.toString() });
    expect(cancel.status).toBe(200);
    expect(cancel.json.action.type).toBe("cancelByCloid");
    expect((await h.execute(key, cancel.json)).response.data.statuses).toEqual(["success"]);
  });

  test("default: withdraw builds withdraw3 for the destination; the venue debits and queues the payout", async () => {
    const destination = addressOf(KEYS[4]);
    const before = Number((await h.get("positions", { owner })).json.withdrawable);
    const r = await h.post("withdraw", { owner, amount: "500", destination });
    expect(r.json.action).toMatchObject({
      type: "withdraw3",
      signatureChainId: "0x66eee",
      hyperliquidChain: "Mainnet",
      destination: destination.toLowerCase(),
      amount: "500",
    });
    expect(r.json.typed_data.primaryType).toBe("HyperliquidTransaction:Withdraw");
    expect((await h.execute(key, r.json)).status).toBe("ok");
    expect(Number((await h.get("positions", { owner })).json.withdrawable)).toBeCloseTo(before - 500, 6);
    expect(h.venue.engine.pendingPayouts()).toContainEqual(
      expect.objectContaining({
        user: owner.toLowerCase(),
        destination: destination.toLowerCase(),
        usd: "499.0",
      }),
    );
  });

  test("default: builder fee approval, then an order carrying the builder charges it", async () => {
    const builder = addressOf(KEYS[3]);
    await h.fund(builder, 150);
    const approve = await h.post("approve_builder_fee", {
      owner,
      builder: { address: builder, max_fee_rate: "0.05%" },
    });
    expect((await h.execute(key, approve.json)).status).toBe("ok");
    const activity = (await h.get("activity", { owner, builder })).json;
    expect(activity.builder_approval).toEqual({ builder, max_fee_tenth_bps: 50, approved: true });
    const r = await h.post("market_order", {
      owner,
      asset: "GOLD",
      side: "buy",
      size: "0.01",
      builder: { address: builder, max_fee_rate: "0.05%" },
    });
    expect(r.json.action.builder).toEqual({ b: builder.toLowerCase(), f: 50 });
    await h.execute(key, r.json);
    const fill = (await h.get("activity", { owner })).json.fills[0];
    expect(Number(fill.builder_fee)).toBeCloseTo(Number(fill.price) * 0.01 * 0.0005, 5);
  });

  test("behavior: an action signed by another key is refused by the venue with a clear reason", async () => {
    const r = await h.post("market_order", { owner, asset: "GOLD", side: "buy", size: "0.01" });
    const reply = await h.execute(KEYS[2], r.json);
    expect(reply.status).toBe("error");
    expect(reply.response.error).toMatch(/User or API Wallet 0x[0-9a-f]{40} does not exist/);
  });

  test("behavior: a reused nonce is refused", async () => {
    const r = await h.post("limit_order", { owner, asset: "GOLD", side: "buy", size: "0.01", price: "3000" });
    expect((await h.execute(key, r.json)).status).toBe("ok");
    const replay = await h.execute(key, r.json);
    expect(replay).toEqual({
      status: "error",
      response: { error: expect.stringMatching(/duplicate nonce/) },
    });
  });
});
