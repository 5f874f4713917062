/** `@compass/widgets/onramp` — the on-ramp checkout alone (its own entry keeps its size budget honest). */

export * from "./kit/index.ts";
export { type OnrampContextValue, useOnrampContext } from "./onramp/context.ts";
export { OnrampAmount, type OnrampAmountProps } from "./onramp/OnrampAmount.tsx";
export { OnrampBuyButton } from "./onramp/OnrampBuyButton.tsx";
export { OnrampCheckoutProvider } from "./onramp/OnrampCheckoutProvider.tsx";
export { OnrampDestination } from "./onramp/OnrampDestination.tsx";
export { OnrampError } from "./onramp/OnrampError.tsx";
export { OnrampPayment, type OnrampPaymentProps } from "./onramp/OnrampPayment.tsx";
export { OnrampQuoteDetails } from "./onramp/OnrampQuoteDetails.tsx";
export { OnrampStatusLive } from "./onramp/OnrampStatusLive.tsx";
export { OnrampSuccess, type OnrampSuccessProps } from "./onramp/OnrampSuccess.tsx";
export { PartnerOnrampCheckout } from "./onramp/PartnerOnrampCheckout.tsx";
export type {
  OnrampCheckoutProviderProps,
  OnrampCreate,
  OnrampErrorInfo,
  OnrampErrorKind,
  OnrampLifecycle,
  OnrampQuote,
  OnrampStatus,
  OnrampSuccessResult,
  PartnerOnrampCheckoutProps,
} from "./onramp/types.ts";
