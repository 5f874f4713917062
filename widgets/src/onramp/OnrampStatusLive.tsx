import { useOnrampContext } from "./context.ts";
import { formatToken } from "./format.ts";
import { type OnrampMessages, useOnrampI18n } from "./messages.ts";

const SAY: Record<string, keyof OnrampMessages> = {
  quoting: "live.quoting",
  creating: "live.creating",
  pending: "live.pending",
  processing: "live.processing",
  success: "live.success",
  error: "live.error",
};

/** One polite live region, so screen readers hear each step without focus moving for every poll. */
export function OnrampStatusLive() {
  const { state } = useOnrampContext();
  const { t, format } = useOnrampI18n();
  const say = SAY[state.phase];
  const ready =
    state.phase === "ready" && state.quote
      ? t("live.ready", { amount: formatToken(format, state.quote.output_amount) })
      : "";
  return (
    <p className="cw-sr-only" role="status" aria-live="polite">
      {say ? t(say) : ready}
    </p>
  );
}
