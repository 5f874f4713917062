import { describe, expect, test } from "vitest";
import { initialOrderTicket, type OrderTicketInput } from "./ticket.ts";
import { validateOrderTicket } from "./validate.ts";

const GOLD = { asset: "GOLD", mark_price: "4000", sz_decimals: 3, max_leverage: 20 };
const check = (patch: Partial<OrderTicketInput>, market = GOLD) =>
  validateOrderTicket({ ticket: { ...initialOrderTicket(), ...patch }, market });

describe("validateOrderTicket", () => {
  test("default: a market order worth more than the minimum is ok", () => {
    expect(check({ amount: "0.01" })).toEqual({ ok: true, errors: [] });
  });

  test("behavior: an empty ticket asks for a size", () => {
    expect(check({})).toEqual({ ok: false, errors: [{ field: "size", message: "Enter a size above 0" }] });
  });

  test("behavior: a size that is not a whole number of steps names the step", () => {
    expect(check({ amount: "0.00001" }).errors).toEqual([
      { field: "size", message: "GOLD trades in steps of 0.001" },
    ]);
    expect(check({ amount: "0" }).errors[0]?.message).toBe("Enter a size above 0");
  });

  test("parameters: unit usd, an amount below one step says so", () => {
    expect(check({ unit: "usd", amount: "0.1" }).errors[0]?.message).toBe("GOLD trades in steps of 0.001");
    expect(check({ unit: "usd", amount: "100" })).toMatchObject({ ok: true });
  });

  test("behavior: below the $10 minimum is refused, unless the order only reduces a position", () => {
    expect(check({ amount: "0.002" }).errors[0]?.message).toBe("Orders must be worth at least $10");
    expect(check({ amount: "0.002", reduceOnly: true })).toMatchObject({ ok: true });
  });

  test("parameters: type limit, the order is valued at its limit and needs one above 0", () => {
    expect(check({ type: "limit", amount: "0.01" }).errors).toEqual([
      { field: "price", message: "Enter a limit price above 0" },
    ]);
    // 0.01 GOLD is worth $40 at the mark, but $5 at a limit of 500
    expect(check({ type: "limit", amount: "0.01", price: "500" }).errors[0]?.message).toBe(
      "Orders must be worth at least $10",
    );
    expect(check({ type: "limit", amount: "0.01", price: "4100" })).toMatchObject({ ok: true });
  });

  test("behavior: several problems are listed, the size first", () => {
    expect(check({ type: "limit" }).errors.map((e) => e.field)).toEqual(["size", "price"]);
  });
});

describe("validateOrderTicket: take profit and stop loss", () => {
  test("parameters: side buy, a take profit above the price and a stop loss below are ok; the other way is not", () => {
    expect(check({ amount: "0.01", takeProfit: "4400", stopLoss: "3800" })).toMatchObject({ ok: true });
    expect(
      check({ amount: "0.01", takeProfit: "3800", stopLoss: "4400" }).errors.map((e) => e.field),
    ).toEqual(["takeProfit", "stopLoss"]);
  });

  test("parameters: side sell, the sides swap", () => {
    expect(check({ side: "sell", amount: "0.01", takeProfit: "3800", stopLoss: "4400" })).toMatchObject({
      ok: true,
    });
    expect(check({ side: "sell", amount: "0.01", takeProfit: "4400" }).errors[0]?.message).toBe(
      "Take profit: on the wrong side of the price",
    );
  });
});
