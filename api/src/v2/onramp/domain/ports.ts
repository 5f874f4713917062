import type { Context } from "../../../kernel/context.ts";
import type { OnrampProvider } from "./provider.ts";

export interface OnrampPorts {
  /** the card on-ramp provider (Stripe's Crypto Onramp API; the devnet's twin by default) */
  onramp: OnrampProvider;
}

export type OnrampContext = Context<OnrampPorts>;
