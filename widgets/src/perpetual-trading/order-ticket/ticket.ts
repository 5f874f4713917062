import type { PerpetualTradingOpportunity } from "@compass/sdk";
import { sizeFromUsd } from "../math.ts";
import type { OrderIntent } from "../orders.ts";

/** Everything the person set on the ticket, as typed. */
export interface OrderTicketInput {
  type: "market" | "limit";
  side: "buy" | "sell";
  /** the size as typed, in contracts or in USD (`unit`) */
  amount: string;
  unit: "asset" | "usd";
  leverage: number;
  reduceOnly: boolean;
  /** market orders: the most slippage accepted, in percent */
  slippage: string;
  /** limit orders: the limit price in USD */
  price: string;
  timeInForce: "gtc" | "alo";
  /** cross: the whole account backs the position; isolated: only the margin put up for it */
  marginMode: "cross" | "isolated";
  /** take-profit and stop-loss trigger prices in USD ("" for none), executed as market orders */
  takeProfit: string;
  stopLoss: string;
}

export type SetOrderTicket = (patch: Partial<OrderTicketInput>) => void;

/** What the ticket needs to know about the market it trades. */
export type OrderTicketMarket = Pick<
  PerpetualTradingOpportunity,
  "asset" | "mark_price" | "sz_decimals" | "max_leverage"
>;

/** A fresh ticket: market buy, sized in contracts, 5× leverage (or the market's maximum when lower). */
export const initialOrderTicket = (maxLeverage = 5): OrderTicketInput => ({
  type: "market",
  side: "buy",
  amount: "",
  unit: "asset",
  leverage: Math.min(5, maxLeverage),
  reduceOnly: false,
  slippage: "5",
  price: "",
  timeInForce: "gtc",
  marginMode: "cross",
  takeProfit: "",
  stopLoss: "",
});

/** The price the order is valued at (its limit, else the mark) and its size in contracts. */
export function ticketSize(
  ticket: OrderTicketInput,
  market: OrderTicketMarket,
): { size: string; refPrice: number } {
  const limit = Number(ticket.price);
  const refPrice = ticket.type === "limit" && limit > 0 ? limit : Number(market.mark_price);
  const size =
    ticket.unit === "usd"
      ? sizeFromUsd(Number(ticket.amount), refPrice, market.sz_decimals)
      : ticket.amount.trim();
  return { size, refPrice };
}

/** The order a valid ticket places. */
export function orderIntent(ticket: OrderTicketInput, market: OrderTicketMarket): OrderIntent {
  const limit = ticket.type === "limit";
  return {
    asset: market.asset,
    side: ticket.side,
    size: ticketSize(ticket, market).size,
    type: ticket.type,
    price: limit ? ticket.price.trim() : undefined,
    timeInForce: ticket.timeInForce,
    slippagePercent: limit ? undefined : Number(ticket.slippage),
    reduceOnly: ticket.reduceOnly,
    leverage: ticket.leverage,
    marginMode: ticket.marginMode,
    takeProfit: ticket.reduceOnly ? undefined : ticket.takeProfit.trim() || undefined,
    stopLoss: ticket.reduceOnly ? undefined : ticket.stopLoss.trim() || undefined,
  };
}
