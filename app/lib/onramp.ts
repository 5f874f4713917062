import { createServices, loadConfig, type Services } from "@compass/api";
import { DomainError } from "@compass/api/errors";

let services: Services | undefined;

export type PaymentLookup =
  | { ok: true; pageUrl: string; status: string; destination: string }
  | { ok: false; problem: "not_found" | "unavailable" };

/**
 * Where the provider's hosted card form for a payment is, read live from the provider on the server (the
 * API keeps nothing, so the checkout asks the provider like every status read does).
 */
export async function lookupPayment(paymentId: string): Promise<PaymentLookup> {
  services ??= createServices(loadConfig());
  const onramp = services.onramp;
  try {
    // One quiet retry: a page render should not fail on a single dropped connection.
    const p = await onramp.get(paymentId).catch((error) => {
      if (error instanceof DomainError) throw error;
      return new Promise((r) => setTimeout(r, 250)).then(() => onramp.get(paymentId));
    });
    return { ok: true, pageUrl: p.paymentPageUrl, status: p.status, destination: p.destination };
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return { ok: false, problem: "not_found" };
    // Logged like the API's own errors (JSON, level 50), so an outage seen by the checkout is on record.
    console.error(
      JSON.stringify({ level: 50, msg: "on-ramp payment lookup failed", paymentId, err: String(error) }),
    );
    return { ok: false, problem: "unavailable" };
  }
}
