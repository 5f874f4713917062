import type { OnrampCreate, OnrampQuote, OnrampStatus } from "@compass/sdk";
import type { ReactNode } from "react";
import type { Theme } from "../theme/theme.ts";

export type { OnrampCreate, OnrampQuote, OnrampStatus };

/** Why the checkout cannot go on, typed so hosts can branch without reading messages. */
export type OnrampErrorKind =
  | "invalid_destination"
  | "invalid_amount"
  | "unsupported_currency"
  | "identity_verification_required"
  | "quote_expired"
  | "payment_failed"
  | "payment_not_found"
  | "provider_unavailable"
  | "network"
  | "unauthorized"
  | "internal";

export interface OnrampErrorInfo {
  kind: OnrampErrorKind;
  message: string;
  /** the user can fix it here (retry, other amount, start over) */
  recoverable: boolean;
  /** HTTP status of the API's answer, 0 when none arrived */
  httpStatus: number;
  /** where the user verifies their identity (identity_verification_required) */
  verificationUrl?: string;
}

export interface OnrampSuccessResult {
  paymentId: string;
  /** USDC delivered, human units, read from the delivery transaction */
  outputAmount: string;
  txHash: `0x${string}`;
  destination: `0x${string}`;
}

/** The lifecycle reported to `onStatus`: one event per change, discriminated by `status`. */
export type OnrampLifecycle =
  | { status: "init" }
  | { status: "quoting"; fiatAmount: string; fiatCurrency: string }
  | { status: "ready"; quote: OnrampQuote }
  | { status: "pending"; paymentId: string; checkoutUrl: string | null }
  | { status: "processing"; paymentId: string }
  | ({ status: "success" } & OnrampSuccessResult)
  | { status: "error"; error: OnrampErrorInfo; paymentId: string | null };

export interface OnrampCheckoutProviderProps {
  /** wallet that receives the USDC; defaults to the connected wagmi account */
  destination?: `0x${string}`;
  /** amount shown first (fiat, decimal string) */
  defaultAmount?: string;
  /** ISO-4217 code of the card payment (default USD) */
  fiatCurrency?: string;
  /** base URL of the Compass API (default: this page's origin) */
  apiBaseUrl?: string;
  /** publishable key, sent as `x-api-key` (never a secret key in a browser) */
  publishableKey?: string;
  /** resume an existing payment (e.g. from `checkout_url`) */
  paymentId?: string;
  /**
   * How the card step is reached: "popup" (default) opens the hosted checkout in a window from the Buy click
   * (a link is offered when popups are blocked); "none" leaves it to the host, like the hosted page itself.
   */
  handoff?: "popup" | "none";
  /** how often the status is read while a payment is in flight (default 3000 ms) */
  pollIntervalMs?: number;
  onStatus?: (event: OnrampLifecycle) => void;
  onSuccess?: (result: OnrampSuccessResult) => void;
  /** called once the payment exists, before the card step */
  onPaymentCreated?: (payment: OnrampCreate) => void;
  /** custom fetch (server proxies, tests) */
  fetch?: typeof fetch;
  children?: ReactNode;
}

export interface PartnerOnrampCheckoutProps extends Omit<OnrampCheckoutProviderProps, "children"> {
  theme?: Theme;
  /** preset amounts offered as buttons (default 50, 100, 250) */
  presets?: string[];
  className?: string;
  /** prefix of the widget's data-testid values (default "onramp") */
  testId?: string;
  /** replaces the default layout (compose the Onramp* parts yourself) */
  children?: ReactNode;
}
