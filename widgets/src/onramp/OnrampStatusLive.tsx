import { useOnrampContext } from "./context.ts";

const SAY: Record<string, string> = {
  quoting: "Getting a quote.",
  creating: "Creating your payment.",
  pending: "Waiting for your card payment.",
  processing: "Payment received. Delivering your USDC.",
  success: "Your USDC was delivered.",
  error: "The purchase stopped. See the message.",
};

/** One polite live region, so screen readers hear each step without focus moving for every poll. */
export function OnrampStatusLive() {
  const { state } = useOnrampContext();
  const ready =
    state.phase === "ready" && state.quote ? `Quote ready: ${state.quote.output_amount} USDC.` : "";
  return (
    <p className="cw-sr-only" role="status" aria-live="polite">
      {SAY[state.phase] ?? ready}
    </p>
  );
}
