"use client";
import { useState } from "react";
import { useTestIds } from "../../kit/test-ids.ts";
import { useSelectedMarket } from "../hooks.ts";
import { OrderTypeToggle, SideToggle } from "./choices.tsx";
import { LeverageInput, LimitPriceInput, ReduceOnlyToggle, SizeInput, SlippageInput } from "./inputs.tsx";
import type { OrderTicketPartProps } from "./part.ts";
import { OrderSummary, SubmitOrder } from "./summary.tsx";
import { initialOrderTicket } from "./ticket.ts";
import { validateOrderTicket } from "./validate.ts";

/**
 * Market and limit orders: size in contracts or USD, leverage up to the market's max, preview before
 * signing. Mounted per market (keyed by ticker), so switching markets starts a fresh ticket.
 */
export function OrderTicket() {
  const ids = useTestIds();
  const market = useSelectedMarket();
  const [ticket, setTicket] = useState(() => initialOrderTicket(market?.max_leverage));

  if (!market) return <section className="cw-card pt-empty">Pick a market to trade.</section>;
  const p: OrderTicketPartProps = {
    ticket,
    set: (patch) => setTicket((t) => ({ ...t, ...patch })),
    market,
  };
  const { ok, errors } = validateOrderTicket(p);
  const problem = ticket.amount ? errors[0]?.message : undefined;
  return (
    <section className="cw-card" aria-labelledby="pt-ticket" {...ids("ticket")}>
      <h2 id="pt-ticket">Trade {market.asset}</h2>
      <OrderTypeToggle {...p} />
      <SideToggle {...p} />
      {ticket.type === "limit" ? <LimitPriceInput {...p} /> : null}
      <SizeInput {...p} />
      {ticket.reduceOnly ? null : <LeverageInput {...p} />}
      {ticket.type === "market" ? <SlippageInput {...p} /> : null}
      <ReduceOnlyToggle {...p} />
      <OrderSummary {...p} />
      {problem ? <p className="pt-hint cw-error">{problem}</p> : null}
      <SubmitOrder {...p} valid={ok} />
    </section>
  );
}
