import { VenueClient } from "./adapters/venue/client.ts";
import { ChainClients } from "./chain/clients.ts";
import type { Config } from "./config/env.ts";

/** Long-lived clients shared by all requests of one app instance. */
export interface Services {
  chains: ChainClients;
  /** the perpetuals venue's HTTP API (info/exchange) */
  venue: VenueClient;
}

export function createServices(config: Config): Services {
  return { chains: new ChainClients(config), venue: new VenueClient(config) };
}
