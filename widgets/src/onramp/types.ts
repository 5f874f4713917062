import type { OnrampCreate, OnrampQuote, OnrampStatus } from "@compass/sdk";
import type { ReactNode } from "react";
import type { CommonErrorKind, WidgetErrorInfo } from "../kit/errors.ts";
import type { LifecycleCallbacks, WidgetLifecycle } from "../kit/lifecycle.ts";
import type { Theme } from "../kit/theme.ts";
import type { CompassApiOptions } from "../kit/transport.ts";

export type { OnrampCreate, OnrampQuote, OnrampStatus };

/** Why the checkout cannot go on: the kinds every widget shares, and the checkout's own. */
export type OnrampErrorKind =
  | CommonErrorKind
  | "invalid_destination"
  | "invalid_amount"
  | "unsupported_currency"
  | "identity_verification_required"
  | "quote_expired"
  | "payment_failed"
  | "payment_not_found"
  | "provider_unavailable";

export interface OnrampErrorInfo extends WidgetErrorInfo<OnrampErrorKind> {
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

/** The lifecycle reported to `onStatus`: `init`, the checkout's own steps, then `success` or `error`. */
export type OnrampLifecycle = WidgetLifecycle<
  | { status: "quoting"; fiatAmount: string; fiatCurrency: string }
  | { status: "ready"; quote: OnrampQuote }
  | { status: "pending"; paymentId: string; checkoutUrl: string | null }
  | { status: "processing"; paymentId: string },
  OnrampSuccessResult,
  { error: OnrampErrorInfo; paymentId: string | null }
>;

export interface OnrampCheckoutProviderProps extends CompassApiOptions, LifecycleCallbacks<OnrampLifecycle> {
  /** wallet that receives the USDC; defaults to the connected wagmi account */
  destination?: `0x${string}`;
  /** amount shown first (fiat, decimal string) */
  defaultAmount?: string;
  /** ISO-4217 code of the card payment (default USD) */
  fiatCurrency?: string;
  /** resume an existing payment (e.g. from `checkout_url`) */
  paymentId?: string;
  /**
   * How the card step is reached: "popup" (default) opens the hosted checkout in a window from the Buy click
   * (a link is offered when popups are blocked); "none" leaves it to the host, like the hosted page itself.
   */
  handoff?: "popup" | "none";
  /** how often the status is read while a payment is in flight (default 3000 ms) */
  pollIntervalMs?: number;
  /** called once the payment exists, before the card step */
  onPaymentCreated?: (payment: OnrampCreate) => void;
  children?: ReactNode;
}

export interface PartnerOnrampCheckoutProps extends Omit<OnrampCheckoutProviderProps, "children"> {
  /** the checkout's theme (default: the CompassProvider's, else `lightTheme()`) */
  theme?: Theme;
  /** the checkout's locale, a BCP 47 tag (default: the CompassProvider's, else English) */
  locale?: string;
  /** preset amounts offered as buttons (default 50, 100, 250) */
  presets?: string[];
  className?: string;
  /** prefix of the widget's data-testid values (default "onramp") */
  testId?: string;
  /** replaces the default layout (compose the Onramp* parts yourself) */
  children?: ReactNode;
}
