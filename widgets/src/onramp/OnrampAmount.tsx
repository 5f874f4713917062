import { useId } from "react";
import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { compareFiat, formatFiat } from "./format.ts";
import { useOnrampI18n } from "./messages.ts";

export interface OnrampAmountProps {
  /** preset amounts offered as buttons */
  presets?: string[];
}

/** Preset amounts and the amount field; limits and amount problems are said under it, never hidden. */
export function OnrampAmount({ presets = ["50", "100", "250"] }: OnrampAmountProps) {
  const { state, setAmount } = useOnrampContext();
  const { t, format } = useOnrampI18n();
  const testId = useTestIds();
  const id = useId();
  const locked = !["init", "quoting", "ready", "error"].includes(state.phase) || !!state.payment;
  const { currency, limits } = state;
  const money = (v: string, whole?: boolean) => formatFiat(format, v, currency, whole);
  const kind = state.error?.kind;
  // Said from the catalog (the API's sentence is English): below or above the limits when they are known.
  let amountError: string | null = null;
  if (kind === "unsupported_currency") amountError = t("error.unsupported_currency", { currency });
  else if (kind === "invalid_amount")
    amountError =
      limits && compareFiat(state.amount, limits.min) < 0
        ? t("amount.min", { amount: money(limits.min) })
        : limits && compareFiat(state.amount, limits.max) > 0
          ? t("amount.max", { amount: money(limits.max) })
          : t("error.invalid_amount");
  const limitsText = limits ? t("amount.limits", { min: money(limits.min), max: money(limits.max) }) : null;
  const described =
    [amountError && `${id}-error`, limitsText && `${id}-limits`].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="cw-stack" disabled={locked}>
      <legend className="cw-label">{t("amount.legend")}</legend>
      <div className="cw-presets">
        {presets.map((p) => (
          <button
            key={p}
            type="button"
            className="cw-preset"
            aria-pressed={state.amount === p}
            onClick={() => setAmount(p)}
            {...testId(`preset-${p}`)}
          >
            {money(p, true)}
          </button>
        ))}
      </div>
      <div className="cw-amount">
        <label htmlFor={`${id}-amount`} className="cw-sr-only">
          {t("amount.label", { currency })}
        </label>
        <input
          id={`${id}-amount`}
          className="cw-input"
          dir="ltr"
          inputMode="decimal"
          autoComplete="off"
          value={state.amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={described}
          onChange={(e) => setAmount(e.target.value.replace(",", ".").replace(/[^\d.]/g, ""))}
          {...testId("amount")}
        />
        <span className="cw-currency" aria-hidden="true">
          {currency}
        </span>
      </div>
      {amountError ? (
        <p id={`${id}-error`} className="cw-error" role="alert" {...testId("amount-error")}>
          {amountError}
        </p>
      ) : null}
      {limitsText ? (
        <p id={`${id}-limits`} className="cw-muted cw-hint" {...testId("limits")}>
          {limitsText}
        </p>
      ) : null}
    </fieldset>
  );
}
