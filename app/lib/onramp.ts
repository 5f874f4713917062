import { compass } from "./compass.ts";

export type PaymentLookup =
  | { ok: true; pageUrl: string; status: string; destination: string }
  | { ok: false; problem: "not_found" | "unavailable" };

/**
 * Where the provider's hosted card form for a payment is, read live from the provider on the server (the
 * API keeps nothing, so the checkout asks the provider like every status read does). The provider
 * adapter already repeats a read once after a dropped connection.
 */
export async function lookupPayment(paymentId: string): Promise<PaymentLookup> {
  try {
    const p = await compass().services.onramp.get(paymentId);
    return { ok: true, pageUrl: p.paymentPageUrl, status: p.status, destination: p.destination };
  } catch (error) {
    // by status, not class: the services may come from server.ts's copy of the API code, not Next's
    if ((error as { status?: number }).status === 404) return { ok: false, problem: "not_found" };
    // Logged like the API's own errors (JSON, level 50), so an outage seen by the checkout is on record.
    console.error(
      JSON.stringify({ level: 50, msg: "on-ramp payment lookup failed", paymentId, err: String(error) }),
    );
    return { ok: false, problem: "unavailable" };
  }
}
