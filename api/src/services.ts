import { ChainClients } from "./kernel/chain/clients.ts";
import type { Config } from "./kernel/config/env.ts";
import type { KernelServices } from "./kernel/context.ts";
import { MemoryStore } from "./kernel/store/memory-store.ts";
import { RedisStore } from "./kernel/store/redis-store.ts";
import {
  OdosAdapter,
  type OdosPorts,
  OneInchAdapter,
  type SwapAggregatorPorts,
} from "./protocols/aggregators/index.ts";
import { type CctpPorts, IrisAdapter } from "./protocols/cctp/index.ts";
import { type OnrampPorts, StripeAdapter } from "./v2/onramp/index.ts";
import { type PerpetualTradingPorts, VenueAdapter } from "./v2/perpetual-trading/index.ts";
import { EquityRelayAdapter, IssuerAdapter, type TokenizedAssetsPorts } from "./v2/tokenized-assets/index.ts";

/**
 * Long-lived services shared by all requests of one app instance: the kernel's (chains, shared store) and every
 * port a capability declares, each filled by the adapter of the outside system that stands behind it. Adapters
 * read their URL and key from the configuration (the address book's twins by default).
 */
export type Services = KernelServices &
  OnrampPorts &
  PerpetualTradingPorts &
  TokenizedAssetsPorts &
  CctpPorts &
  SwapAggregatorPorts &
  OdosPorts;

export function createServices(config: Config): Services {
  return {
    chains: new ChainClients(config),
    shared: config.redisUrl ? new RedisStore(config.redisUrl) : new MemoryStore(),
    onramp: new StripeAdapter(config),
    venue: new VenueAdapter(config),
    issuer: new IssuerAdapter(config),
    equityRelay: new EquityRelayAdapter(config),
    iris: new IrisAdapter(config),
    aggregator: new OneInchAdapter(config),
    odos: new OdosAdapter(config),
  };
}
