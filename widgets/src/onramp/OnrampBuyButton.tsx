import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { addFiat, formatFiat, isFiatAmount } from "./format.ts";

/** The one primary action before payment; its label says why it cannot be pressed yet. */
export function OnrampBuyButton() {
  const { state, destination, destinationError, buy } = useOnrampContext();
  const testId = useTestIds();
  if (state.payment || state.phase === "error") return null;
  const q = state.quote;
  let label = "Continue to payment";
  if (!destination) label = destinationError ? "Invalid receiving wallet" : "Connect a wallet to continue";
  else if (!isFiatAmount(state.amount)) label = "Enter an amount";
  else if (state.phase === "creating") label = "Creating your payment…";
  else if (state.phase === "quoting" || state.phase === "init") label = "Getting a quote…";
  else if (q)
    label = `Buy ${q.output_amount} USDC for ${formatFiat(addFiat(q.fiat_amount, q.fees.provider_fee, q.fees.network_fee))} ${q.fiat_currency}`;
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
