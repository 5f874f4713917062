import { MIN_ORDER_USD, onStep, sizeStep } from "../math.ts";
import { type OrderTicketInput, type OrderTicketMarket, ticketSize } from "./ticket.ts";

export interface OrderTicketError {
  field: "size" | "price";
  message: string;
}

export interface ValidateOrderTicketParameters {
  ticket: OrderTicketInput;
  market: OrderTicketMarket;
}

export interface ValidateOrderTicketReturnType {
  ok: boolean;
  /** most pressing first: the ticket shows the first one */
  errors: OrderTicketError[];
}

/**
 * What stops the ticket from being sent, checked before anything is signed. The API and the venue make the
 * binding checks; these catch what a person can fix on the ticket itself.
 */
export function validateOrderTicket({
  ticket,
  market,
}: ValidateOrderTicketParameters): ValidateOrderTicketReturnType {
  const errors: OrderTicketError[] = [];
  const size = sizeError(ticket, market);
  if (size) errors.push({ field: "size", message: size });
  if (ticket.type === "limit" && !(Number(ticket.price) > 0))
    errors.push({ field: "price", message: "Enter a limit price above 0" });
  return { ok: errors.length === 0, errors };
}

function sizeError(ticket: OrderTicketInput, market: OrderTicketMarket): string | undefined {
  const { asset, sz_decimals } = market;
  const { size, refPrice } = ticketSize(ticket, market);
  const contracts = Number(size);
  if (!ticket.amount.trim()) return "Enter a size";
  if (!(contracts > 0))
    return ticket.unit === "usd"
      ? `Less than one step of ${sizeStep(sz_decimals)} ${asset}`
      : "Size must be greater than 0";
  if (!onStep(size, sz_decimals)) return `${asset} trades in steps of ${sizeStep(sz_decimals)}`;
  // A reduce-only order may close a position worth less than the minimum.
  if (!ticket.reduceOnly && contracts * refPrice < MIN_ORDER_USD)
    return `Orders must be worth at least $${MIN_ORDER_USD}`;
  return undefined;
}
