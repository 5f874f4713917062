import { type Format, formatter, type Translate } from "../../kit/i18n.ts";
import { englishPerps } from "../errors.ts";
import { MIN_ORDER_USD, onStep, sizeStep } from "../math.ts";
import type { PerpsMessages } from "../messages.ts";
import { type OrderTicketInput, type OrderTicketMarket, ticketSize } from "./ticket.ts";

export interface OrderTicketError {
  field: "size" | "price" | "takeProfit" | "stopLoss";
  message: string;
}

export interface ValidateOrderTicketParameters {
  ticket: OrderTicketInput;
  market: OrderTicketMarket;
  /** the widget's messages and formatting (default: English) */
  t?: Translate<PerpsMessages>;
  format?: Format;
}

export interface ValidateOrderTicketReturnType {
  ok: boolean;
  /** most pressing first: the ticket shows the first one */
  errors: OrderTicketError[];
}

const english = formatter("en");

/**
 * What stops the ticket from being sent, checked before anything is signed. The API and the venue make the
 * binding checks; these catch what a person can fix on the ticket itself.
 */
export function validateOrderTicket({
  ticket,
  market,
  t = englishPerps,
  format = english,
}: ValidateOrderTicketParameters): ValidateOrderTicketReturnType {
  const errors: OrderTicketError[] = [];
  const size = sizeError(ticket, market, t, format);
  if (size) errors.push({ field: "size", message: size });
  if (ticket.type === "limit" && !(Number(ticket.price) > 0))
    errors.push({ field: "price", message: t("noPrice") });
  // a take profit sits beyond the entry in the order's favour, a stop loss against it
  const { refPrice } = ticketSize(ticket, market);
  const up = ticket.side === "buy" ? 1 : -1;
  for (const [field, sign] of [
    ["takeProfit", 1],
    ["stopLoss", -1],
  ] as const) {
    const text = ticket[field].trim();
    if (!text || ticket.reduceOnly) continue;
    const px = Number(text);
    if (!(px > 0) || Math.sign(px - refPrice) !== sign * up)
      errors.push({ field, message: t("tpslBad", { kind: t(field === "takeProfit" ? "tp" : "sl") }) });
  }
  return { ok: errors.length === 0, errors };
}

function sizeError(
  ticket: OrderTicketInput,
  market: OrderTicketMarket,
  t: Translate<PerpsMessages>,
  format: Format,
): string | undefined {
  const { asset, sz_decimals } = market;
  const { size, refPrice } = ticketSize(ticket, market);
  const contracts = Number(size);
  const step = format.number(sizeStep(sz_decimals), { maximumFractionDigits: 8 });
  if (!(Number(ticket.amount) > 0)) return t("noSize");
  // a USD amount worth less than one step comes to no contracts: the step says what the least is
  if (!(contracts > 0) || !onStep(size, sz_decimals)) return t("steps", { asset, step });
  // A reduce-only order may close a position worth less than the minimum.
  if (!ticket.reduceOnly && contracts * refPrice < MIN_ORDER_USD)
    return t("min", { min: format.currency(MIN_ORDER_USD, "USD", { maximumFractionDigits: 0 }) });
  return undefined;
}
