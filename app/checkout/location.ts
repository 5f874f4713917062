import { useCallback, useState } from "react";
import type { PaymentLookup } from "../lib/onramp.ts";
import { type CheckoutParams, checkoutParams } from "./params.ts";

/** Where the page asks the server about a payment (the provider's card form for it), as the page's first load does. */
export const PAYMENT_LOOKUP_PATH = "/onramp/checkout/payment";

async function lookup(paymentId: string): Promise<PaymentLookup> {
  try {
    const r = await fetch(`${PAYMENT_LOOKUP_PATH}?${new URLSearchParams({ id: paymentId })}`, {
      headers: { accept: "application/json" },
    });
    if (!r.ok) return { ok: false, problem: r.status === 404 ? "not_found" : "unavailable" };
    return (await r.json()) as PaymentLookup;
  } catch {
    return { ok: false, problem: "unavailable" };
  }
}

/**
 * The checkout's state in the address bar: the link's parameters, and the payment it resumes. `go` changes the
 * query in place (a reload, or the link in another tab, resumes where the person is) and looks a new payment up on
 * the server; `retry` looks the current one up again.
 */
export function useCheckoutLocation(initial: { params: CheckoutParams; payment: PaymentLookup | null }) {
  const [params, setParams] = useState(initial.params);
  const [payment, setPayment] = useState(initial.payment);

  const show = useCallback(async (paymentId: string | null) => {
    setPayment(paymentId ? await lookup(paymentId) : null);
  }, []);

  const go = useCallback(
    (changes: Record<string, string | null>) => {
      const q = new URLSearchParams(window.location.search);
      const before = checkoutParams(Object.fromEntries(q)).paymentId;
      for (const [k, v] of Object.entries(changes)) v === null ? q.delete(k) : q.set(k, v);
      window.history.replaceState(window.history.state, "", `${window.location.pathname}?${q}`);
      const next = checkoutParams(Object.fromEntries(q));
      setParams(next);
      if (next.paymentId !== before) void show(next.paymentId);
    },
    [show],
  );

  const retry = useCallback(() => void show(params.paymentId), [params.paymentId, show]);

  return { params, payment, go, retry };
}
