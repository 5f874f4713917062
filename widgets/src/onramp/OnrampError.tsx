import { useEffect, useRef } from "react";
import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { type OnrampMessages, useOnrampI18n } from "./messages.ts";
import type { OnrampErrorKind } from "./types.ts";

const TITLES: Partial<Record<OnrampErrorKind, keyof OnrampMessages>> = {
  payment_failed: "title.payment_failed",
  provider_unavailable: "title.provider_unavailable",
  network: "title.network",
  identity_verification_required: "title.identity_verification_required",
  invalid_destination: "title.invalid_destination",
  unauthorized: "title.unauthorized",
  payment_not_found: "title.payment_not_found",
};

/** A problem that stops the checkout, with the way forward (retry, verify, start over) as a button. */
export function OnrampError() {
  const { state, destinationError, retry, restart } = useOnrampContext();
  const { t } = useOnrampI18n();
  const testId = useTestIds();
  const heading = useRef<HTMLHeadingElement>(null);
  const error = destinationError ?? (state.phase === "error" ? state.error : null);
  useEffect(() => {
    if (error && !destinationError) heading.current?.focus();
  }, [error, destinationError]);
  if (!error) return null;
  const again = error.kind === "payment_failed" || error.kind === "payment_not_found";
  const title = TITLES[error.kind];
  return (
    <section
      className="cw-alert cw-stack"
      role="alert"
      aria-labelledby="cw-onramp-error"
      {...testId("error")}
      data-kind={error.kind}
    >
      <h2 id="cw-onramp-error" ref={heading} tabIndex={-1} className="cw-error">
        {title ? t(title) : t("common.error")}
      </h2>
      <p {...testId("error-message")}>{t(`error.${error.kind}`, { currency: state.currency })}</p>
      {error.verificationUrl ? (
        <a
          className="cw-link"
          href={error.verificationUrl}
          target="_blank"
          rel="noopener noreferrer"
          {...testId("verify-link")}
        >
          {t("error.verify")}
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
            {again
              ? t("error.again")
              : error.kind === "identity_verification_required"
                ? t("error.verified")
                : t("common.retry")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
