"use client";
import { useEffect, useId, useState } from "react";
import { useI18n } from "../../kit/i18n.ts";
import { useTestIds } from "../../kit/test-ids.ts";
import { usePerpetualTradingContext } from "../context.tsx";
import { useSelectedMarket } from "../hooks.ts";
import type { PerpsMessages } from "../messages.ts";
import { placeOrder } from "../orders.ts";
import { OrderTypeToggle, SideToggle } from "./choices.tsx";
import {
  LeverageInput,
  LimitPriceInput,
  ReduceOnlyToggle,
  SizeInput,
  SlippageInput,
  TpSlInputs,
} from "./inputs.tsx";
import type { OrderTicketPartProps } from "./part.ts";
import { OrderSummary, SubmitOrder } from "./summary.tsx";
import { initialOrderTicket, orderIntent } from "./ticket.ts";
import { validateOrderTicket } from "./validate.ts";

export interface OrderTicketProps {
  /** a price picked elsewhere (a level of the order book): the ticket becomes a limit order at it */
  picked?: { price: string; at: number };
}

/**
 * Market and limit orders: size in contracts or USD, leverage and margin mode, take profit and stop loss,
 * preview before signing. A form: Enter in any field places a valid order. Mounted per market (keyed by
 * ticker), so switching markets starts a fresh ticket.
 */
export function OrderTicket({ picked }: OrderTicketProps) {
  const ids = useTestIds();
  const { t, format } = useI18n<PerpsMessages>();
  const id = useId();
  const { owner, busy, run } = usePerpetualTradingContext();
  const market = useSelectedMarket();
  const [ticket, setTicket] = useState(() => initialOrderTicket(market?.max_leverage));
  useEffect(() => {
    if (picked) setTicket((x) => ({ ...x, type: "limit", price: picked.price }));
  }, [picked]);

  // no market before the list loads (which says so) or when it fails (which says why)
  if (!market) return null;
  const p: OrderTicketPartProps = {
    ticket,
    set: (patch) => setTicket((x) => ({ ...x, ...patch })),
    market,
  };
  const { ok, errors } = validateOrderTicket({ ticket, market, t, format });
  const problem = ticket.amount ? errors[0]?.message : undefined;
  return (
    <div className="cw-card" {...ids("ticket")}>
      <h2 id={id}>{t("trade", { asset: market.asset })}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (owner && !busy && ok) void run("order", (ctx) => placeOrder(ctx, orderIntent(ticket, market)));
        }}
      >
        <OrderTypeToggle {...p} />
        <SideToggle {...p} />
        {ticket.type === "limit" ? <LimitPriceInput {...p} /> : null}
        <SizeInput {...p} />
        {ticket.reduceOnly ? null : <LeverageInput {...p} />}
        {ticket.type === "market" ? <SlippageInput {...p} /> : null}
        <ReduceOnlyToggle {...p} />
        {ticket.reduceOnly ? null : <TpSlInputs {...p} />}
        <OrderSummary {...p} />
        {problem ? (
          <p className="pt-hint cw-error" id={`${id}p`} aria-live="polite" {...ids("problem")}>
            {problem}
          </p>
        ) : null}
        <SubmitOrder {...p} valid={ok} describedBy={problem ? `${id}p` : undefined} />
      </form>
    </div>
  );
}
