import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useWidgetTransport } from "../kit/transport.ts";
import { onrampApi } from "./api.ts";
import { OnrampContext, type OnrampContextValue } from "./context.ts";
import { toOnrampError } from "./errors.ts";
import { initialState, onrampReducer } from "./machine.ts";
import { onrampEn, useOnrampI18n } from "./messages.ts";
import { openPaymentWindow, sendPaymentWindow } from "./popup.ts";
import type { OnrampCheckoutProviderProps, OnrampErrorInfo } from "./types.ts";
import { useLifecycle } from "./useLifecycle.ts";
import { usePaymentStatus } from "./usePaymentStatus.ts";
import { useQuoting } from "./useQuoting.ts";
import { isHexAddress, useConnectedAddress } from "./wallet.ts";

/**
 * The on-ramp checkout's state machine and its effects (quotes, the purchase, status polling, lifecycle
 * events). Renders no markup: put the Onramp* parts, or your own, inside it.
 */
export function OnrampCheckoutProvider(props: OnrampCheckoutProviderProps) {
  const { apiBaseUrl, publishableKey, fetch, onStatus, onSuccess, onError, handoff = "popup" } = props;
  const [state, dispatch] = useReducer(onrampReducer, undefined, () =>
    initialState(props.defaultAmount ?? "100", (props.fiatCurrency ?? "USD").toUpperCase(), props.paymentId),
  );
  const opening = useOnrampI18n().t("pay.opening");
  const transport = useWidgetTransport({ apiBaseUrl, publishableKey, fetch });
  const api = useMemo(() => onrampApi(transport), [transport]);
  const connected = useConnectedAddress();
  const given = props.destination;
  const destinationError: OnrampErrorInfo | null =
    given && !isHexAddress(given)
      ? {
          kind: "invalid_destination",
          message: `"${given}": ${onrampEn["error.invalid_destination"]}`,
          recoverable: false,
          httpStatus: 0,
        }
      : null;
  const destination = destinationError ? null : ((given ?? connected ?? null) as `0x${string}` | null);

  useQuoting(state, dispatch, api, destination);
  usePaymentStatus(state, dispatch, api, props.pollIntervalMs ?? 3_000);
  useLifecycle(destinationError ? { ...state, error: destinationError } : state, {
    onStatus,
    onSuccess,
    onError,
  });

  // One idempotency key per purchase intent: a retried create of the same body returns the same payment.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const onCreated = useRef(props.onPaymentCreated);
  useEffect(() => {
    onCreated.current = props.onPaymentCreated;
  });

  const buy = useCallback(() => {
    if (state.phase !== "ready" || !state.quote || !destination) return;
    const popup = handoff === "popup" ? openPaymentWindow(opening) : null;
    setPopupBlocked(handoff === "popup" && !popup);
    const body = {
      fiat_amount: state.amount,
      fiat_currency: state.currency,
      destination_address: destination,
      quote_id: state.quote.quote_id ?? null,
    };
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.body !== fingerprint)
      attempt.current = { body: fingerprint, key: crypto.randomUUID() };
    dispatch({ type: "creating" });
    api.create(body, { idempotencyKey: attempt.current.key }).then(
      (payment) => {
        dispatch({ type: "created", payment });
        sendPaymentWindow(popup, payment.checkout_url);
        onCreated.current?.(payment);
      },
      (e) => {
        popup?.close();
        dispatch({ type: "failed", error: toOnrampError(e) });
      },
    );
  }, [state.phase, state.quote, state.amount, state.currency, destination, handoff, api, opening]);

  const checkoutUrl = state.payment?.checkoutUrl;
  const value: OnrampContextValue = {
    state,
    dispatch,
    destination,
    destinationError,
    api,
    popupBlocked,
    buy,
    retry: () => dispatch({ type: "retry" }),
    restart: () => dispatch({ type: "restart" }),
    setAmount: (amount) => dispatch({ type: "amount", amount }),
    openCheckout: () => {
      if (checkoutUrl)
        window.open(checkoutUrl, "compass-onramp-checkout", "popup,noopener,width=480,height=760");
    },
  };
  return <OnrampContext.Provider value={value}>{props.children}</OnrampContext.Provider>;
}
