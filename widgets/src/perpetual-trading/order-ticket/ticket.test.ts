import { describe, expect, test } from "vitest";
import { initialOrderTicket, orderIntent, ticketSize } from "./ticket.ts";

const GOLD = { asset: "GOLD", mark_price: "4000", sz_decimals: 3, max_leverage: 20 };

describe("the order ticket's data", () => {
  test("default: a fresh ticket is a market buy at 5×, or at the market's maximum when lower", () => {
    expect(initialOrderTicket(20)).toMatchObject({ type: "market", side: "buy", leverage: 5, amount: "" });
    expect(initialOrderTicket(3).leverage).toBe(3);
  });

  test("parameters: unit usd, the size is the contracts the amount buys at the mark, floored to the step", () => {
    expect(ticketSize({ ...initialOrderTicket(), unit: "usd", amount: "1000" }, GOLD)).toEqual({
      size: "0.250",
      refPrice: 4000,
    });
  });

  test("parameters: type limit, a post-only order is sized and sent at its limit", () => {
    const ticket = {
      ...initialOrderTicket(),
      type: "limit" as const,
      unit: "usd" as const,
      amount: "1000",
      price: " 3000 ",
      timeInForce: "alo" as const,
    };
    expect(ticketSize(ticket, GOLD)).toEqual({ size: "0.333", refPrice: 3000 });
    expect(orderIntent(ticket, GOLD)).toEqual({
      asset: "GOLD",
      side: "buy",
      size: "0.333",
      type: "limit",
      price: "3000",
      timeInForce: "alo",
      slippagePercent: undefined,
      reduceOnly: false,
      leverage: 5,
      marginMode: "cross",
      takeProfit: undefined,
      stopLoss: undefined,
    });
  });

  test("parameters: takeProfit and stopLoss, set prices ride on the order; a reduce-only order carries none", () => {
    const ticket = { ...initialOrderTicket(), amount: "0.5", takeProfit: " 4400 ", stopLoss: "3800" };
    expect(orderIntent(ticket, GOLD)).toMatchObject({ takeProfit: "4400", stopLoss: "3800" });
    expect(orderIntent({ ...ticket, reduceOnly: true }, GOLD)).toMatchObject({
      takeProfit: undefined,
      stopLoss: undefined,
    });
  });

  test("default: a market order carries its slippage and no price", () => {
    expect(orderIntent({ ...initialOrderTicket(), amount: "0.5", slippage: "2" }, GOLD)).toMatchObject({
      size: "0.5",
      type: "market",
      price: undefined,
      slippagePercent: 2,
    });
  });
});
