"use client";
/** The ticket's typed inputs: size, limit price, leverage, slippage, reduce-only, take profit and stop loss. */
import { useId } from "react";
import { useI18n } from "../../kit/i18n.ts";
import { useTestIds } from "../../kit/test-ids.ts";
import { formatPrice } from "../format.ts";
import { sizeStep } from "../math.ts";
import type { PerpsMessages } from "../messages.ts";
import { MarginModeToggle, Segmented } from "./choices.tsx";
import type { OrderTicketPartProps } from "./part.ts";
import { ticketSize } from "./ticket.ts";

/** The size in contracts or in USD (a button switches), with the contracts a USD size comes to. */
export function SizeInput({ ticket, set, market }: OrderTicketPartProps) {
  const ids = useTestIds();
  const { t } = useI18n<PerpsMessages>();
  const id = useId();
  const usd = ticket.unit === "usd";
  const { size } = ticketSize(ticket, market);
  const unit = usd ? "USD" : market.asset;
  return (
    <div className="pt-field">
      <label className="cw-label" htmlFor={id}>
        {t("size")} ({unit})
      </label>
      <div className="pt-inline">
        <input
          id={id}
          className="cw-input"
          inputMode="decimal"
          autoComplete="off"
          value={ticket.amount}
          onChange={(e) => set({ amount: e.target.value })}
          placeholder={usd ? "100" : sizeStep(market.sz_decimals).toString()}
          {...ids("size")}
        />
        <button
          type="button"
          className="cw-button cw-secondary pt-small"
          aria-label={`${t("size")} (${usd ? market.asset : "USD"})`}
          onClick={() => set({ unit: usd ? "asset" : "usd" })}
          {...ids("unit")}
        >
          {unit}
        </button>
      </div>
      {usd && Number(size) > 0 ? (
        <p className="pt-hint">
          ≈ <bdi className="cw-num">{size}</bdi> {market.asset}
        </p>
      ) : null}
    </div>
  );
}

const TIME_IN_FORCE = [
  { value: "gtc" as const, label: "tif.gtc" as const },
  { value: "alo" as const, label: "tif.alo" as const },
];

/** A limit order's price (the mark as placeholder) and how long it rests. */
export function LimitPriceInput(p: OrderTicketPartProps) {
  const ids = useTestIds();
  const { t, format } = useI18n<PerpsMessages>();
  const id = useId();
  return (
    <div className="pt-field">
      <label className="cw-label" htmlFor={id}>
        {t("price")} (USD)
      </label>
      <input
        id={id}
        className="cw-input"
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatPrice(format, p.market.mark_price)}
        value={p.ticket.price}
        onChange={(e) => p.set({ price: e.target.value })}
        {...ids("price")}
      />
      <Segmented {...p} legend="tif" field="timeInForce" options={TIME_IN_FORCE} />
    </div>
  );
}

/** Leverage from 1× to the market's maximum, and the margin mode it applies in. */
export function LeverageInput(p: OrderTicketPartProps) {
  const { ticket, set, market } = p;
  const ids = useTestIds();
  const { t } = useI18n<PerpsMessages>();
  const id = useId();
  const max = market.max_leverage ?? 1;
  return (
    <div className="pt-field">
      <MarginModeToggle {...p} />
      <label className="cw-label" htmlFor={id}>
        {t("lev", { lev: ticket.leverage, max })}
      </label>
      <input
        id={id}
        type="range"
        min={1}
        max={max}
        value={ticket.leverage}
        aria-valuetext={`${ticket.leverage}×`}
        onChange={(e) => set({ leverage: Number(e.target.value) })}
        {...ids("leverage")}
      />
    </div>
  );
}

/** A market order's most accepted slippage, in percent. */
export function SlippageInput({ ticket, set }: OrderTicketPartProps) {
  const ids = useTestIds();
  const { t } = useI18n<PerpsMessages>();
  const id = useId();
  return (
    <div className="pt-field">
      <label className="cw-label" htmlFor={id}>
        {t("slip")}
      </label>
      <input
        id={id}
        className="cw-input"
        inputMode="decimal"
        autoComplete="off"
        value={ticket.slippage}
        onChange={(e) => set({ slippage: e.target.value })}
        {...ids("slippage")}
      />
    </div>
  );
}

export function ReduceOnlyToggle({ ticket, set }: OrderTicketPartProps) {
  const ids = useTestIds();
  const { t } = useI18n<PerpsMessages>();
  return (
    <label className="pt-inline pt-field">
      <input
        type="checkbox"
        checked={ticket.reduceOnly}
        onChange={(e) => set({ reduceOnly: e.target.checked })}
        {...ids("reduce-only")}
      />
      <span>{t("reduce")}</span>
    </label>
  );
}

/** Take profit and stop loss on the new position: trigger prices executed as market orders at the venue. */
export function TpSlInputs({ ticket, set }: OrderTicketPartProps) {
  const { t } = useI18n<PerpsMessages>();
  return (
    <fieldset className="pt-field pt-pair">
      <legend className="cw-label">{t("tpsl")}</legend>
      <TriggerPrices values={ticket} onChange={set} testId="" />
    </fieldset>
  );
}

export type TriggerPriceValues = { takeProfit: string; stopLoss: string };

/**
 * The two trigger price fields (take profit, stop loss), labelled, each in its own box; `testId` prefixes
 * their test ids (`<testId>tp`, `<testId>sl`).
 */
export function TriggerPrices({
  values,
  onChange,
  testId,
}: {
  values: TriggerPriceValues;
  onChange(patch: Partial<TriggerPriceValues>): void;
  testId: string;
}) {
  const ids = useTestIds();
  const { t } = useI18n<PerpsMessages>();
  const id = useId();
  return (["takeProfit", "stopLoss"] as const).map((field) => {
    const short = field === "takeProfit" ? "tp" : "sl";
    return (
      <div key={field}>
        <label className="pt-hint" htmlFor={`${id}${short}`}>
          {t(short)} (USD)
        </label>
        <input
          id={`${id}${short}`}
          className="cw-input"
          inputMode="decimal"
          autoComplete="off"
          value={values[field]}
          onChange={(e) => onChange({ [field]: e.target.value.trim() })}
          {...ids(`${testId}${short}`)}
        />
      </div>
    );
  });
}
