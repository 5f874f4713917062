import { DomainError, fieldError, UpstreamError } from "../../../kernel/errors.ts";
import { UNAVAILABLE } from "./request.ts";

/** Stripe's parameter names → the fields of our requests, so a 422 names the caller's field. */
const FIELD: Record<string, string> = {
  source_amount: "fiat_amount",
  source_currency: "fiat_currency",
  "wallet_addresses[ethereum]": "destination_address",
};

/**
 * A provider error object (`{error: {type, code, message, param}}`) as the API's error: limits and bad
 * parameters are 422 on our field, an unsupported currency 400, identity checks 402,
 * unknown payments 404; anything that is not the caller's fault is a 502.
 */
export function providerError(status: number, body: any): never {
  const e = body?.error ?? {};
  const message = String(e.message ?? `HTTP ${status}`);
  const field = FIELD[e.param as string];
  const on = (name: string) => `${name}: ${message}`;
  switch (e.code) {
    case "amount_too_small":
    case "amount_too_large":
    case "parameter_invalid":
      if (field) throw fieldError(["body", field], message);
      break;
    case "currency_not_supported":
      throw new DomainError(400, "Unsupported currency", on(field ?? "fiat_currency"));
    case "resource_missing":
      throw new DomainError(404, "Payment not found.", message);
    case "identity_verification_required":
      throw new DomainError(402, "Identity verification required", message, {
        ...(e.verification_url && { verification_url: e.verification_url }),
      });
  }
  if (e.type === "idempotency_error")
    throw new DomainError(
      409,
      "Idempotency-Key reused",
      `Idempotency-Key was first used with other parameters: ${message}`,
    );
  if (status === 401 || status === 403)
    throw new UpstreamError("onramp", "The on-ramp provider refused our credentials", UNAVAILABLE);
  throw new UpstreamError(
    "onramp",
    `The on-ramp provider rejected the request: ${message}`,
    "On-ramp provider error",
  );
}
