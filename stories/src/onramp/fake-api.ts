/**
 * A stand-in for the API's three on-ramp operations, so each story holds the widget in one state. It answers
 * with the API's real shapes (the ones the provider twin produces) through the widget's `fetch` prop.
 */
import type { OnrampCreate, OnrampQuote, OnrampStatus } from "@compass/widgets";

export const BUYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
export const TX = "0x81f56f5e1cae7f1eb57635a07f14d0ee3ea4c94b4a7fb026242f2003b14ea516";

export function quoteFor(amount: string): OnrampQuote {
  const cents = Math.round(Number(amount) * 100);
  const fee = Math.max(99, Math.ceil(cents * 0.025));
  const fiat = (c: number) => (c / 100).toFixed(2);
  return {
    fiat_amount: fiat(cents),
    fiat_currency: "USD",
    output_amount: String(cents / 100),
    output_asset: "USDC",
    output_chain: "Ethereum",
    exchange_rate: "1",
    fees: { provider_fee: fiat(fee), network_fee: "0.34", business_fees: "0" },
    min_amount: "10.00",
    max_amount: "10000.00",
    expires_at: new Date(Date.now() + 60_000).toISOString(),
    quote_id: `q_${cents}`,
  };
}

export function statusOf(status: OnrampStatus["status"], paymentId = "cos_story"): OnrampStatus {
  const delivered = status === "delivered";
  return {
    payment_id: paymentId,
    status,
    output_amount_delivered: delivered ? "100" : null,
    delivery_tx_hash: delivered ? TX : null,
    destination_address: BUYER,
    updated_at: "2026-06-23T12:00:00.000Z",
  };
}

type Reply = { status: number; body: unknown } | "hang";

export interface FakeApi {
  quote?: (body: any, call: number) => Reply;
  create?: (body: any) => Reply;
  status?: (paymentId: string, call: number) => Reply;
}

const ok = (body: unknown): Reply => ({ status: 200, body });

export const unavailable: Reply = {
  status: 502,
  body: { error: "On-ramp provider unavailable", message: "The on-ramp provider is unreachable" },
};

/** A `fetch` that serves /v2/onramp/* from `api` (defaults: quotes for any amount, a pending payment). */
export function fakeFetch(api: FakeApi = {}): typeof fetch {
  const calls = { quote: 0, status: 0 };
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    let reply: Reply;
    if (url.pathname === "/v2/onramp/quote")
      reply = (api.quote ?? ((b) => ok(quoteFor(b.fiat_amount))))(body, calls.quote++);
    else if (url.pathname === "/v2/onramp/create") {
      reply = (
        api.create ??
        ((b) =>
          ok({
            payment_id: "cos_story",
            deposit_address: "0x3d3f4fa023676a99B9893A142Ce44E10CA16861A",
            checkout_url: `https://compass.example/onramp/checkout?destination=${BUYER}&chain=ethereum&asset=USDC&payment=cos_story`,
            user_instructions: "Open checkout_url and pay.",
            status: "pending",
            quote: quoteFor(b.fiat_amount),
          } satisfies OnrampCreate))
      )(body);
    } else if (url.pathname === "/v2/onramp/status")
      reply = (api.status ?? (() => ok(statusOf("pending"))))(
        url.searchParams.get("payment_id")!,
        calls.status++,
      );
    else reply = { status: 404, body: { detail: "Not Found" } };
    if (reply === "hang") return new Promise<Response>(() => {});
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
}

export { ok };
