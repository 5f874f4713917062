import { type ReactNode, useEffect, useRef } from "react";
import { shortAddress } from "../kit/format.ts";
import { rich } from "../kit/rich.tsx";
import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { useOnrampI18n } from "./messages.ts";

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
  const { t } = useOnrampI18n();
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
        {processing ? t("pay.received") : t("pay.title")}
      </h2>
      {processing ? (
        <p {...testId("processing")}>
          {rich(t("pay.delivering"), {
            address: destination ? (
              <bdi className="cw-mono" dir="ltr">
                {shortAddress(destination)}
              </bdi>
            ) : (
              t("pay.wallet")
            ),
          })}
        </p>
      ) : (
        (children ?? (
          <>
            <p {...testId("handoff")}>{popupBlocked ? t("pay.blocked") : t("pay.handoff")}</p>
            {url ? (
              <div className="cw-actions">
                <button
                  type="button"
                  className="cw-button cw-secondary"
                  onClick={openCheckout}
                  {...testId("open-checkout")}
                >
                  {popupBlocked ? t("pay.open") : t("pay.reopen")}
                </button>
                <a
                  className="cw-link"
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  {...testId("checkout-link")}
                >
                  {t("pay.link")}
                </a>
              </div>
            ) : null}
          </>
        ))
      )}
      <p className="cw-muted cw-hint" {...testId("waiting")}>
        {state.notice ? t(`notice.${state.notice}`) : processing ? t("pay.usually") : t("pay.waiting")}
      </p>
    </section>
  );
}
