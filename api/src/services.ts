import { IssuerClient } from "./adapters/issuer/client.ts";
import { ChainClients } from "./chain/clients.ts";
import type { Config } from "./config/env.ts";

/** Long-lived clients shared by all requests of one app instance. */
export interface Services {
  chains: ChainClients;
  /** the money-market-fund issuer (sandbox twin on the devnet) */
  issuer: IssuerClient;
}

export function createServices(config: Config): Services {
  return { chains: new ChainClients(config), issuer: new IssuerClient(config) };
}
