"use client";
import {
  darkTheme,
  OnrampAmount,
  OnrampBuyButton,
  OnrampDestination,
  OnrampError,
  type OnrampLifecycle,
  OnrampPayment,
  OnrampQuoteDetails,
  OnrampStatusLive,
  OnrampSuccess,
  PartnerOnrampCheckout,
} from "@compass/widgets";
import { useMemo, useState } from "react";
import type { PaymentLookup } from "../lib/onramp.ts";
import { useWalletAddress, useWalletLayer } from "../lib/wallet/lazy.tsx";
import { useCheckoutLocation } from "./location.ts";
import type { CheckoutParams } from "./params.ts";
import { ProviderFrame } from "./provider-frame.tsx";

interface Props {
  params: CheckoutParams;
  payment: PaymentLookup | null;
}

/** The checkout widget laid out as a page: the provider's card form embedded, the way back after delivery. */
export function CheckoutClient(initial: Props) {
  // the link's parameters and the payment they name, kept in the address bar as the purchase goes on
  const { params, payment, go, retry } = useCheckoutLocation(initial);
  // The wallet layer (wagmi) is not part of this page's load: it comes when someone connects a wallet (or
  // reconnects one), and after delivery, to read the wallet's new balance through it.
  const wallet = useWalletLayer();
  const connected = useWalletAddress();
  const theme = useMemo(() => darkTheme(), []);
  const [done, setDone] = useState(false);
  // viem's isAddress(…, { strict: false }) without its checksum code: 0x and 40 hex digits, any case
  const badDestination = params.destination !== null && !/^0x[a-fA-F0-9]{40}$/.test(params.destination);

  if (payment && !payment.ok) {
    return (
      <section role="alert" className="checkout-problem" data-testid="checkout-payment-problem">
        {payment.problem === "not_found" ? (
          <>
            <p>
              We could not find this payment. It may belong to another deployment, or the link is incomplete.
            </p>
            <button type="button" onClick={() => go({ payment: null })}>
              Start a new payment
            </button>
          </>
        ) : (
          <>
            <p>The payment provider is not reachable right now, so we cannot show this payment.</p>
            <button type="button" onClick={retry} data-testid="checkout-reload">
              Try again
            </button>
          </>
        )}
      </section>
    );
  }

  const onStatus = (event: OnrampLifecycle) => {
    setDone(event.status === "success");
    if (event.status === "success") void wallet.load();
    // A new purchase after "Buy more" must not resume the old payment on reload.
    if (params.paymentId && (event.status === "init" || event.status === "ready")) go({ payment: null });
  };

  return (
    <>
      {badDestination && connected ? (
        <p className="checkout-problem">
          The link&apos;s receiving wallet is not a valid address.{" "}
          <button
            type="button"
            onClick={() => go({ destination: connected })}
            data-testid="checkout-use-connected"
          >
            Send to my connected wallet instead
          </button>
        </p>
      ) : null}
      <PartnerOnrampCheckout
        destination={(params.destination ?? undefined) as `0x${string}` | undefined}
        paymentId={params.paymentId ?? undefined}
        handoff="none"
        pollIntervalMs={2000}
        theme={theme}
        testId="checkout"
        onStatus={onStatus}
        // The payment goes in the URL: a reload (or the link in another tab) resumes it.
        onPaymentCreated={(p) =>
          go({ payment: p.payment_id, destination: params.destination ?? connected ?? null })
        }
      >
        <div className="cw-stack">
          <OnrampDestination />
          <OnrampAmount />
          <OnrampQuoteDetails />
          <OnrampBuyButton />
          <OnrampPayment>
            <ProviderFrame url={payment?.ok ? payment.pageUrl : null} />
          </OnrampPayment>
          <OnrampSuccess>
            {params.returnTo ? (
              <a className="cw-button" href={params.returnTo} data-testid="checkout-return">
                Return to {new URL(params.returnTo).host}
              </a>
            ) : null}
          </OnrampSuccess>
          <OnrampError />
          <OnrampStatusLive />
        </div>
      </PartnerOnrampCheckout>
      {params.returnTo && !done ? (
        <p className="checkout-cancel">
          <a href={params.returnTo}>Cancel and return to {new URL(params.returnTo).host}</a>
        </p>
      ) : null}
    </>
  );
}
