import { Namespaces } from "./generated/namespaces.ts";
import { type ClientOptions, Transport } from "./transport.ts";

/**
 * The Compass API client. Namespaces follow the URL groups:
 * `client.perpetualTrading.marketOrder(body)`, `client.onramp.status({ payment_id })`.
 * Bodies and responses use the wire's snake_case shapes unchanged.
 */
export class CompassClient extends Namespaces {
  readonly transport: Transport;

  constructor(options: ClientOptions = {}) {
    const transport = new Transport(options);
    super(transport);
    this.transport = transport;
  }
}
