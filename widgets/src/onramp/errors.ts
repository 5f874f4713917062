import { CompassError, ValidationError } from "@compass/sdk";
import { commonErrorKind, httpStatusOf } from "../kit/errors.ts";
import type { OnrampErrorInfo, OnrampErrorKind } from "./types.ts";

const MESSAGES: Partial<Record<OnrampErrorKind, string>> = {
  provider_unavailable: "The card payment provider is not reachable right now. Try again in a moment.",
  network: "We could not reach the server. Check your connection and try again.",
  unauthorized: "This checkout is not set up correctly (the API key was refused).",
  payment_not_found: "We could not find this payment. Start a new one.",
  internal: "Something went wrong on our side. Try again.",
};

/** Any failure of an API call as a typed, displayable error. */
export function toOnrampError(error: unknown): OnrampErrorInfo {
  const status = httpStatusOf(error);
  const body = (error as { body?: any })?.body ?? {};
  const serverMessage = (error as CompassError)?.shortMessage ?? String(error);
  const info = (
    kind: OnrampErrorKind,
    recoverable: boolean,
    message = MESSAGES[kind] ?? serverMessage,
  ): OnrampErrorInfo => ({
    kind,
    message,
    recoverable,
    httpStatus: status,
  });
  if (error instanceof ValidationError) {
    const field = error.detail[0]?.loc.at(-1);
    const msg = error.detail[0]?.msg ?? serverMessage;
    if (field === "destination_address")
      return info("invalid_destination", false, `The receiving wallet address is not valid: ${msg}`);
    if (field === "fiat_currency") return info("unsupported_currency", true, msg);
    return info("invalid_amount", true, msg);
  }
  if (!(error instanceof CompassError)) return info("internal", true);
  const common = commonErrorKind(error);
  if (common) return info(common, common === "network");
  switch (status) {
    case 400:
      return info("unsupported_currency", true);
    case 402:
      return { ...info("identity_verification_required", true), verificationUrl: body.verification_url };
    case 404:
      return info("payment_not_found", true);
    case 410:
      return info("quote_expired", true);
    case 502:
    case 503:
    case 504:
      return info("provider_unavailable", true);
    default:
      return info("internal", true);
  }
}
