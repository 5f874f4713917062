import { ChainClients } from "./chain/clients.ts";
import { type Config, upstream } from "./config/env.ts";
import type { OnrampProvider } from "./onramp/provider.ts";
import { stripeOnramp } from "./onramp/stripe/adapter.ts";

/** Long-lived clients shared by all requests of one app instance. */
export interface Services {
  chains: ChainClients;
  /** the on-ramp provider (its URL and key are re-read from configuration on every call) */
  onramp: OnrampProvider;
}

export function createServices(config: Config): Services {
  return {
    chains: new ChainClients(config),
    onramp: stripeOnramp(() => ({ ...upstream(config, "onramp"), timeoutMs: config.upstreamTimeoutMs })),
  };
}
