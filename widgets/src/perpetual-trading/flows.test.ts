import { Transport } from "@compass/sdk";
import { type Harness, KEYS, startHarness } from "@compass/testkit/perpetual-trading";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { explain, VenueRefusal } from "./errors.ts";
import type { Signer } from "./execute.ts";
import type { FlowContext } from "./flow.ts";
import { withdraw } from "./funds.ts";
import { cancelOrder, closePosition, placeOrder } from "./orders.ts";
import type { PerpetualTradingLifecycle } from "./status.ts";

/**
 * The widget's flows (no React) against the real API over a venue twin: each signs with a local dev key
 * and the outcome is read back from the venue.
 */
let h: Harness;
const account = privateKeyToAccount(KEYS[2]);
const signer: Signer = { address: account.address, signTypedData: (td) => account.signTypedData(td as any) };

function context(statuses: PerpetualTradingLifecycle[], s: Signer = signer): FlowContext {
  const transport = new Transport({
    serverURL: "http://api",
    fetch: (input, init) => h.app.fetch(new Request(input, init)),
  });
  return { transport, signer: s, report: (x) => statuses.push(x) };
}

beforeAll(async () => {
  h = await startHarness();
  await h.fund(account.address, 5_000);
});
afterAll(() => h?.stop());

const positions = async () => (await h.get("positions", { owner: account.address })).json.positions;

describe("widget flows", () => {
  test("default: a market order enables the account, sets leverage, fills, and reports each step", async () => {
    const statuses: PerpetualTradingLifecycle[] = [];
    await placeOrder(context(statuses), {
      asset: "AAPL",
      side: "buy",
      size: "1",
      type: "market",
      reduceOnly: false,
      leverage: 3,
    });
    expect(statuses.filter((s) => s.status === "signing").map((s) => (s as any).label)).toEqual([
      "Enable trading on traditional-asset markets",
      "Set AAPL leverage to 3×",
      "Buy 1 AAPL",
    ]);
    expect(statuses.at(-1)).toMatchObject({
      status: "success",
      action: "order",
      message: expect.stringMatching(/^Bought 1\.0 AAPL at /),
    });
    expect(await positions()).toMatchObject([{ asset: "AAPL", side: "long", size: "1.0", leverage: "3" }]);
  });

  test("default: closing the position leaves the account flat", async () => {
    const statuses: PerpetualTradingLifecycle[] = [];
    await closePosition(context(statuses), (await positions())[0]);
    expect(statuses.at(-1)).toMatchObject({ status: "success", action: "close" });
    expect(await positions()).toEqual([]);
  });

  test("default: a limit order rests and cancels", async () => {
    const statuses: PerpetualTradingLifecycle[] = [];
    await placeOrder(context(statuses), {
      asset: "GOLD",
      side: "buy",
      size: "0.01",
      type: "limit",
      price: "3000",
      reduceOnly: false,
      leverage: 3,
    });
    const [order] = (await h.get("activity", { owner: account.address })).json.open_orders;
    expect(order).toMatchObject({ asset: "GOLD", limit_price: "3000.0" });
    await cancelOrder(context(statuses), order);
    expect((await h.get("activity", { owner: account.address })).json.open_orders).toEqual([]);
  });

  test("default: withdraw is accepted and queued for the payout", async () => {
    const statuses: PerpetualTradingLifecycle[] = [];
    await withdraw(context(statuses), "100");
    expect(statuses.at(-1)).toMatchObject({
      status: "success",
      message: expect.stringMatching(/99\.00 USDC/),
    });
    expect(h.venue.engine.pendingPayouts().some((p) => p.user === account.address.toLowerCase())).toBe(true);
  });

  test("behavior: a wallet that signs with another account is caught before anything is sent", async () => {
    const other = privateKeyToAccount(KEYS[3]);
    const liar: Signer = { address: account.address, signTypedData: (td) => other.signTypedData(td as any) };
    const error = await placeOrder(context([], liar), {
      asset: "AAPL",
      side: "buy",
      size: "1",
      type: "market",
      reduceOnly: false,
      leverage: 3,
    }).catch((e) => e);
    expect(explain(error, account.address)).toMatchObject({
      kind: "wrong_signer",
      message: expect.stringMatching(/signed with 0x/),
    });
  });

  test("behavior: a venue refusal of a stranger's signature reads clearly", () => {
    const refusal = new VenueRefusal(
      "User or API Wallet 0x1234567890abcdef1234567890abcdef12345678 does not exist.",
    );
    expect(explain(refusal, account.address).message).toMatch(/made by 0x1234…5678, not by your account/);
  });

  test("behavior: the API's 422 becomes a validation message", async () => {
    const error = await placeOrder(context([]), {
      asset: "AAPL",
      side: "buy",
      size: "0.0001",
      type: "market",
      reduceOnly: false,
      leverage: 3,
    }).catch((e) => e);
    expect(explain(error)).toMatchObject({
      kind: "validation",
      message: expect.stringMatching(/size: .*multiple of 0\.001/),
    });
  });

  test("behavior: a wallet refusing another chain's domain is explained", () => {
    const e = new Error('Provided chainId "1337" must match the active chainId "42161"');
    expect(explain(e, account.address, 1337)).toMatchObject({
      kind: "chain_mismatch",
      message: expect.stringMatching(/chain id 1337/),
    });
    expect(explain(Object.assign(new Error("User rejected the request."), { code: 4001 }))).toMatchObject({
      kind: "rejected",
    });
  });
});
