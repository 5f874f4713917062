import { describe, expect, test } from "vitest";
import { initialState, lifecycleOf, type OnrampAction, onrampReducer } from "./machine.ts";
import type { OnrampCreate, OnrampQuote, OnrampStatus } from "./types.ts";

const quote: OnrampQuote = {
  fiat_amount: "100.00",
  fiat_currency: "USD",
  output_amount: "100",
  exchange_rate: "1",
  fees: { provider_fee: "2.50", network_fee: "0.34", business_fees: "0" },
  min_amount: "10.00",
  max_amount: "10000.00",
  expires_at: "2030-01-01T00:00:00.000Z",
  quote_id: "q1",
};
const payment: OnrampCreate = {
  payment_id: "cos_1",
  deposit_address: "0x0000000000000000000000000000000000000001",
  checkout_url: "https://compass.example/onramp/checkout?payment=cos_1",
  user_instructions: "",
  status: "pending",
  quote,
};
const status = (s: OnrampStatus["status"]): OnrampStatus => ({
  payment_id: "cos_1",
  status: s,
  output_amount_delivered: s === "delivered" ? "100" : null,
  delivery_tx_hash: s === "delivered" ? "0xabc" : null,
  destination_address: "0x00000000000000000000000000000000000000aa",
  updated_at: null,
});
const run = (...actions: OnrampAction[]) => actions.reduce(onrampReducer, initialState("100", "USD"));

describe("onramp state machine", () => {
  test("default: init → quoting → ready → creating → pending → processing → success", () => {
    const actions: OnrampAction[] = [
      { type: "quoting" },
      { type: "quoted", quote },
      { type: "creating" },
      { type: "created", payment },
      { type: "status", status: status("processing") },
      { type: "status", status: status("delivered") },
    ];
    const states = [initialState("100", "USD")];
    for (const a of actions) states.push(onrampReducer(states.at(-1)!, a));
    expect(states.map((s) => s.phase)).toEqual([
      "init",
      "quoting",
      "ready",
      "creating",
      "pending",
      "processing",
      "success",
    ]);
    expect(states.map((s) => lifecycleOf(s).status)).toEqual([
      "init",
      "quoting",
      "ready",
      "ready",
      "pending",
      "processing",
      "success",
    ]);
    expect(lifecycleOf(states.at(-1)!)).toEqual({
      status: "success",
      paymentId: "cos_1",
      outputAmount: "100",
      txHash: "0xabc",
      destination: "0x00000000000000000000000000000000000000aa",
    });
  });

  test("behavior: a failed payment is a recoverable error; starting over keeps the amount", () => {
    const s = run(
      { type: "quoting" },
      { type: "quoted", quote },
      { type: "creating" },
      { type: "created", payment },
      { type: "status", status: status("failed") },
    );
    expect(s.phase).toBe("error");
    expect(lifecycleOf(s)).toMatchObject({
      status: "error",
      paymentId: "cos_1",
      error: { kind: "payment_failed", recoverable: true },
    });
    expect(onrampReducer(s, { type: "retry" })).toMatchObject({
      phase: "init",
      payment: null,
      amount: "100",
    });
  });

  test("behavior: an expired quote is fetched again with a notice, not an error", () => {
    const s = run(
      { type: "quoting" },
      { type: "quoted", quote },
      { type: "creating" },
      {
        type: "failed",
        error: { kind: "quote_expired", message: "", recoverable: true, httpStatus: 410 },
      },
    );
    expect(s).toMatchObject({
      phase: "quoting",
      quote: null,
      error: null,
      notice: expect.stringMatching(/expired/),
    });
  });

  test("behavior: amount problems keep the amount editable; an outage waits for a retry", () => {
    const limit = run(
      { type: "quoting" },
      {
        type: "failed",
        error: { kind: "invalid_amount", message: "min", recoverable: true, httpStatus: 422 },
      },
    );
    expect(limit.phase).toBe("init");
    expect(onrampReducer(limit, { type: "amount", amount: "20" })).toMatchObject({
      phase: "init",
      error: null,
      amount: "20",
    });
    const down = run(
      { type: "quoting" },
      {
        type: "failed",
        error: { kind: "provider_unavailable", message: "", recoverable: true, httpStatus: 502 },
      },
    );
    expect(down.phase).toBe("error");
    expect(onrampReducer(down, { type: "retry" }).phase).toBe("quoting");
  });

  test("parameters: the amount is locked once a payment exists; stale quotes and other payments are ignored", () => {
    const pending = run(
      { type: "quoting" },
      { type: "quoted", quote },
      { type: "creating" },
      { type: "created", payment },
    );
    expect(onrampReducer(pending, { type: "amount", amount: "5" })).toBe(pending);
    expect(
      onrampReducer(pending, { type: "status", status: { ...status("delivered"), payment_id: "cos_other" } }),
    ).toBe(pending);
    const typed = run({ type: "quoting" }, { type: "amount", amount: "7" });
    expect(onrampReducer(typed, { type: "quoted", quote })).toBe(typed);
  });

  test("parameters: resuming a payment starts by following its status", () => {
    const s = initialState("100", "USD", "cos_9");
    expect(s).toMatchObject({ phase: "pending", payment: { id: "cos_9", checkoutUrl: null } });
    expect(lifecycleOf(s)).toEqual({ status: "pending", paymentId: "cos_9", checkoutUrl: null });
  });
});
