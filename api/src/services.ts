import { IrisClient } from "./cctp/iris/client.ts";
import { ChainClients } from "./chain/clients.ts";
import { type Config, upstream } from "./config/env.ts";
import { AggregatorClient } from "./earn/aggregator/client.ts";
import type { OnrampProvider } from "./onramp/domain/provider.ts";
import { stripeOnramp } from "./onramp/stripe/adapter.ts";
import { VenueClient } from "./perpetual-trading/venue/client.ts";
import { MemoryStore } from "./store/memory-store.ts";
import { RedisStore } from "./store/redis-store.ts";
import type { SharedStore } from "./store/store.ts";
import { IssuerClient } from "./tokenized-assets/issuer/client.ts";
import { EquityRelayClient } from "./tokenized-assets/relay/client.ts";

/** Long-lived clients shared by all requests of one app instance. */
export interface Services {
  chains: ChainClients;
  /** the perpetuals venue's HTTP API (info/exchange) */
  venue: VenueClient;
  /** rate-limit counters and idempotency records: memory, or Redis shared by every instance */
  shared: SharedStore;
  /** the on-ramp provider (its URL and key are re-read from configuration on every call) */
  onramp: OnrampProvider;
  /** the money-market-fund issuer (sandbox twin on the devnet) */
  issuer: IssuerClient;
  /** the tokenized-equity order relay (quotes, signed limit orders, fills; the devnet's twin by default) */
  equityRelay: EquityRelayClient;
  /** the swap aggregator (1inch Swap API; the devnet's twin by default) */
  aggregator: AggregatorClient;
  /** Circle's CCTP attestation service (Iris; the devnet's twin by default) */
  iris: IrisClient;
}

export function createServices(config: Config): Services {
  return {
    chains: new ChainClients(config),
    venue: new VenueClient(config),
    shared: config.redisUrl ? new RedisStore(config.redisUrl) : new MemoryStore(),
    onramp: stripeOnramp(() => ({ ...upstream(config, "onramp"), timeoutMs: config.upstreamTimeoutMs })),
    issuer: new IssuerClient(config),
    equityRelay: new EquityRelayClient(config),
    aggregator: new AggregatorClient(config),
    iris: new IrisClient(config),
  };
}
