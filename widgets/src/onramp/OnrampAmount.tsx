import { useId } from "react";
import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { formatFiat } from "./format.ts";

export interface OnrampAmountProps {
  /** preset amounts offered as buttons */
  presets?: string[];
}

/** Preset amounts and the amount field; limits and amount problems are said under it, never hidden. */
export function OnrampAmount({ presets = ["50", "100", "250"] }: OnrampAmountProps) {
  const { state, setAmount } = useOnrampContext();
  const testId = useTestIds();
  const id = useId();
  const locked = !["init", "quoting", "ready", "error"].includes(state.phase) || !!state.payment;
  const amountError =
    state.error && (state.error.kind === "invalid_amount" || state.error.kind === "unsupported_currency")
      ? state.error
      : null;
  const { quote } = state;
  const limits =
    quote?.min_amount && quote.max_amount
      ? `From ${formatFiat(quote.min_amount)} to ${formatFiat(quote.max_amount)} ${state.currency}`
      : null;
  const described =
    [amountError && `${id}-error`, limits && `${id}-limits`].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="cw-stack" disabled={locked}>
      <legend className="cw-label">Amount to buy</legend>
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
            {p} {state.currency}
          </button>
        ))}
      </div>
      <div className="cw-amount">
        <label htmlFor={`${id}-amount`} className="cw-sr-only">
          Amount in {state.currency}
        </label>
        <input
          id={`${id}-amount`}
          className="cw-input"
          inputMode="decimal"
          autoComplete="off"
          value={state.amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={described}
          onChange={(e) => setAmount(e.target.value.replace(",", ".").replace(/[^\d.]/g, ""))}
          {...testId("amount")}
        />
        <span className="cw-currency" aria-hidden="true">
          {state.currency}
        </span>
      </div>
      {amountError ? (
        <p id={`${id}-error`} className="cw-error" role="alert" {...testId("amount-error")}>
          {amountError.message}
        </p>
      ) : null}
      {limits ? (
        <p id={`${id}-limits`} className="cw-muted cw-hint" {...testId("limits")}>
          {limits}
        </p>
      ) : null}
    </fieldset>
  );
}
