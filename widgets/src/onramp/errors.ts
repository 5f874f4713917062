import { CompassError, ValidationError } from "@compass/sdk";
import { commonErrorKind, httpStatusOf } from "../kit/errors.ts";
import { onrampEn } from "./messages.ts";
import type { OnrampErrorInfo, OnrampErrorKind } from "./types.ts";

/** The kinds whose `message` (for `onError`) is the catalog's English sentence rather than the server's. */
const OURS = new Set<OnrampErrorKind>([
  "provider_unavailable",
  "network",
  "unauthorized",
  "payment_not_found",
  "internal",
]);

/**
 * Any failure of an API call as a typed error. Its `message` is English, for the host's `onError` and logs; the
 * widget shows the catalog's sentence for its `kind`, in the widget's locale.
 */
export function toOnrampError(error: unknown): OnrampErrorInfo {
  const status = httpStatusOf(error);
  const body = (error as { body?: any })?.body ?? {};
  const serverMessage = (error as CompassError)?.shortMessage ?? String(error);
  const info = (
    kind: OnrampErrorKind,
    recoverable: boolean,
    message = OURS.has(kind) ? onrampEn[`error.${kind}` as const] : serverMessage,
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
