import { useEffect, useRef } from "react";
import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";

const TITLES: Record<string, string> = {
  payment_failed: "Payment failed",
  provider_unavailable: "Payment provider unavailable",
  network: "Connection problem",
  identity_verification_required: "Verify your identity",
  invalid_destination: "Invalid receiving wallet",
  unauthorized: "Checkout unavailable",
  payment_not_found: "Payment not found",
};

const RETRY_LABELS: Record<string, string> = {
  identity_verification_required: "I have verified — try again",
};

/** A problem that stops the checkout, with the way forward (retry, verify, start over) as a button. */
export function OnrampError() {
  const { state, destinationError, retry, restart } = useOnrampContext();
  const testId = useTestIds();
  const heading = useRef<HTMLHeadingElement>(null);
  const error = destinationError ?? (state.phase === "error" ? state.error : null);
  useEffect(() => {
    if (error && !destinationError) heading.current?.focus();
  }, [error, destinationError]);
  if (!error) return null;
  const again = error.kind === "payment_failed" || error.kind === "payment_not_found";
  return (
    <section
      className="cw-alert cw-stack"
      role="alert"
      aria-labelledby="cw-onramp-error"
      {...testId("error")}
      data-kind={error.kind}
    >
      <h2 id="cw-onramp-error" ref={heading} tabIndex={-1} className="cw-error">
        {TITLES[error.kind] ?? "Something went wrong"}
      </h2>
      <p {...testId("error-message")}>{error.message}</p>
      {error.verificationUrl ? (
        <a
          className="cw-link"
          href={error.verificationUrl}
          target="_blank"
          rel="noopener noreferrer"
          {...testId("verify-link")}
        >
          Verify your identity (opens the provider's page)
        </a>
      ) : null}
      {error.recoverable ? (
        <div className="cw-actions">
          <button
            type="button"
            className="cw-button"
            onClick={again ? restart : retry}
            {...testId(again ? "start-over" : "retry")}
          >
            {again ? "Start a new payment" : (RETRY_LABELS[error.kind] ?? "Try again")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
