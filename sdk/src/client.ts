import { createNamespaces } from "./generated/namespaces.ts";
import { type ClientOptions, Transport } from "./transport.ts";

type Namespaces = ReturnType<typeof createNamespaces>;
export interface CompassClient extends Namespaces {}

/**
 * The Compass API client. Namespaces follow the URL groups:
 * `client.perpetualTrading.marketOrder(body)`, `client.onramp.status({ payment_id })`.
 * Bodies and responses use the wire's snake_case shapes unchanged.
 */
export class CompassClient {
  readonly transport: Transport;

  constructor(options: ClientOptions = {}) {
    this.transport = new Transport(options);
    Object.assign(this, createNamespaces(this.transport));
  }
}
