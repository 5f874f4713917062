import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { addFiat, formatFiat, formatToken, isFiatAmount } from "./format.ts";
import { useOnrampI18n } from "./messages.ts";

/** The one primary action before payment; its label says why it cannot be pressed yet. */
export function OnrampBuyButton() {
  const { state, destination, destinationError, buy } = useOnrampContext();
  const { t, format } = useOnrampI18n();
  const testId = useTestIds();
  if (state.payment || state.phase === "error") return null;
  const q = state.quote;
  let label = t("buy.continue");
  if (!destination) label = destinationError ? t("title.invalid_destination") : t("buy.connect");
  else if (!isFiatAmount(state.amount)) label = t("buy.enter");
  else if (state.phase === "creating") label = t("buy.creating");
  else if (state.phase === "quoting" || state.phase === "init") label = t("quoting");
  else if (q)
    label = t("buy.cta", {
      amount: formatToken(format, q.output_amount),
      total: formatFiat(
        format,
        addFiat(q.fiat_amount, q.fees.provider_fee, q.fees.network_fee),
        q.fiat_currency,
      ),
    });
  const ready = state.phase === "ready" && !!q && !!destination;
  return (
    <button
      type="button"
      className="cw-button"
      disabled={!ready}
      aria-disabled={!ready}
      onClick={buy}
      {...testId("buy")}
    >
      {label}
    </button>
  );
}
