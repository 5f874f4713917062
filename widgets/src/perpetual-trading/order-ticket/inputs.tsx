"use client";
/** The ticket's typed inputs: size, limit price, leverage, slippage, reduce-only. */
import { useTestIds } from "../../kit/test-ids.ts";
import { formatPrice } from "../format.ts";
import { sizeStep } from "../math.ts";
import { Segmented } from "./choices.tsx";
import type { OrderTicketPartProps } from "./part.ts";
import { ticketSize } from "./ticket.ts";

/** The size in contracts or in USD (a button switches), with the contracts a USD size comes to. */
export function SizeInput({ ticket, set, market }: OrderTicketPartProps) {
  const ids = useTestIds();
  const usd = ticket.unit === "usd";
  const { size } = ticketSize(ticket, market);
  const unit = usd ? "USD" : market.asset;
  return (
    <div className="pt-field">
      <label className="cw-label" htmlFor="pt-size">
        Size ({unit})
      </label>
      <div className="pt-inline">
        <input
          id="pt-size"
          className="cw-input"
          inputMode="decimal"
          value={ticket.amount}
          onChange={(e) => set({ amount: e.target.value })}
          placeholder={usd ? "100" : sizeStep(market.sz_decimals).toString()}
          {...ids("size")}
        />
        <button
          type="button"
          className="cw-button cw-secondary pt-small"
          onClick={() => set({ unit: usd ? "asset" : "usd" })}
          {...ids("unit")}
        >
          {unit}
        </button>
      </div>
      {usd && Number(size) > 0 ? (
        <p className="pt-hint">
          ≈ {size} {market.asset}
        </p>
      ) : null}
    </div>
  );
}

const TIME_IN_FORCE = [
  { value: "gtc" as const, label: "Good till cancel" },
  { value: "alo" as const, label: "Post only" },
];

/** A limit order's price (the mark as placeholder) and how long it rests. */
export function LimitPriceInput(p: OrderTicketPartProps) {
  const ids = useTestIds();
  return (
    <div className="pt-field">
      <label className="cw-label" htmlFor="pt-price">
        Limit price (USD)
      </label>
      <input
        id="pt-price"
        className="cw-input"
        inputMode="decimal"
        placeholder={formatPrice(p.market.mark_price)}
        value={p.ticket.price}
        onChange={(e) => p.set({ price: e.target.value })}
        {...ids("price")}
      />
      <Segmented {...p} legend="Time in force" field="timeInForce" options={TIME_IN_FORCE} />
    </div>
  );
}

/** Cross-margin leverage from 1× to the market's maximum. */
export function LeverageInput({ ticket, set, market }: OrderTicketPartProps) {
  const ids = useTestIds();
  const max = market.max_leverage ?? 1;
  return (
    <div className="pt-field">
      <label className="cw-label" htmlFor="pt-leverage">
        Leverage {ticket.leverage}× (max {max}×, cross)
      </label>
      <input
        id="pt-leverage"
        type="range"
        min={1}
        max={max}
        value={ticket.leverage}
        onChange={(e) => set({ leverage: Number(e.target.value) })}
        {...ids("leverage")}
      />
    </div>
  );
}

/** A market order's most accepted slippage, in percent. */
export function SlippageInput({ ticket, set }: OrderTicketPartProps) {
  const ids = useTestIds();
  return (
    <div className="pt-field">
      <label className="cw-label" htmlFor="pt-slippage">
        Max slippage (%)
      </label>
      <input
        id="pt-slippage"
        className="cw-input"
        inputMode="decimal"
        value={ticket.slippage}
        onChange={(e) => set({ slippage: e.target.value })}
        {...ids("slippage")}
      />
    </div>
  );
}

export function ReduceOnlyToggle({ ticket, set }: OrderTicketPartProps) {
  const ids = useTestIds();
  return (
    <label className="pt-inline pt-field">
      <input
        type="checkbox"
        checked={ticket.reduceOnly}
        onChange={(e) => set({ reduceOnly: e.target.checked })}
        {...ids("reduce-only")}
      />
      <span>Reduce only</span>
    </label>
  );
}
