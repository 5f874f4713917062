import { type ReactNode, useEffect, useRef } from "react";
import { shortAddress } from "../kit/format.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";

export interface OnrampPaymentProps {
  /** replaces the default hand-off (a window with the hosted checkout, or a link to it) */
  children?: ReactNode;
}

/**
 * The card step and the wait for delivery. By default the hosted checkout opened in its own window when the
 * person pressed Buy; this says so, offers to reopen it, and follows the payment to delivery.
 */
export function OnrampPayment({ children }: OnrampPaymentProps) {
  const { state, destination, openCheckout, popupBlocked } = useOnrampContext();
  const testId = useTestIds();
  const heading = useRef<HTMLHeadingElement>(null);
  const active = state.phase === "pending" || state.phase === "processing";
  useEffect(() => {
    if (active) heading.current?.focus();
  }, [active]);
  if (!active) return null;
  const processing = state.phase === "processing";
  const url = state.payment?.checkoutUrl;
  return (
    <section className="cw-stack" aria-labelledby="cw-onramp-payment" {...testId("payment")}>
      <h2 id="cw-onramp-payment" ref={heading} tabIndex={-1}>
        {processing ? "Payment received" : "Pay by card"}
      </h2>
      {processing ? (
        <p {...testId("processing")}>
          Delivering your USDC to{" "}
          <span className="cw-mono">{destination ? shortAddress(destination) : "your wallet"}</span>…
        </p>
      ) : (
        (children ?? (
          <>
            <p {...testId("handoff")}>
              {popupBlocked
                ? "Your browser blocked the payment window. Open the payment page to pay by card; this page updates by itself when it is done."
                : "Complete the payment in the window that opened. This page updates by itself when it is done."}
            </p>
            {url ? (
              <div className="cw-actions">
                <button
                  type="button"
                  className="cw-button cw-secondary"
                  onClick={openCheckout}
                  {...testId("open-checkout")}
                >
                  {popupBlocked ? "Open the payment page" : "Open the payment page again"}
                </button>
                <a
                  className="cw-link"
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  {...testId("checkout-link")}
                >
                  Payment page link
                </a>
              </div>
            ) : null}
          </>
        ))
      )}
      <p className="cw-muted cw-hint" {...testId("waiting")}>
        {state.notice ?? (processing ? "This usually takes under a minute." : "Waiting for your payment…")}
      </p>
    </section>
  );
}
