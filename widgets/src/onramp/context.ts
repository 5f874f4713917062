import { createContext, useContext } from "react";
import type { OnrampApi } from "./api.ts";
import type { OnrampAction, OnrampState } from "./machine.ts";
import type { OnrampErrorInfo } from "./types.ts";

export interface OnrampContextValue {
  state: OnrampState;
  dispatch: (action: OnrampAction) => void;
  /** the receiving wallet: the `destination` prop, else the connected account */
  destination: `0x${string}` | null;
  /** set when `destination` was given but is not an address */
  destinationError: OnrampErrorInfo | null;
  api: OnrampApi;
  /** the browser refused the payment window: the person must open the checkout from a link */
  popupBlocked: boolean;
  /** starts the purchase; call it from a click (the payment window needs the user's gesture) */
  buy(): void;
  /** the recovery that fits the current error (retry, fresh quote, follow the payment again) */
  retry(): void;
  /** back to amount entry for a new purchase */
  restart(): void;
  setAmount(amount: string): void;
  /** reopens the hosted checkout for the current payment */
  openCheckout(): void;
}

export const OnrampContext = createContext<OnrampContextValue | null>(null);

/** The checkout's state and actions, for building a custom layout from the Onramp* parts. */
export function useOnrampContext(): OnrampContextValue {
  const value = useContext(OnrampContext);
  if (!value)
    throw new Error(
      "useOnrampContext must be used inside <OnrampCheckoutProvider> or <PartnerOnrampCheckout>",
    );
  return value;
}
