import { createServices, loadConfig, type Services } from "@compass/api";
import { DomainError } from "@compass/api/http/errors";

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
  try {
    const p = await services.onramp.get(paymentId);
    return { ok: true, pageUrl: p.paymentPageUrl, status: p.status, destination: p.destination };
  } catch (error) {
    return {
      ok: false,
      problem: error instanceof DomainError && error.status === 404 ? "not_found" : "unavailable",
    };
  }
}
