import { onrampCreate, onrampQuote, onrampStatus, type RequestOptions, type Transport } from "@compass/sdk";

/** The three on-ramp calls, through the SDK's standalone functions (only these end up in the bundle). */
export function onrampApi(transport: Transport) {
  return {
    quote: (body: Parameters<typeof onrampQuote>[1], o?: RequestOptions) => onrampQuote(transport, body, o),
    create: (body: Parameters<typeof onrampCreate>[1], o?: RequestOptions) =>
      onrampCreate(transport, body, o),
    status: (paymentId: string, o?: RequestOptions) => onrampStatus(transport, { payment_id: paymentId }, o),
  };
}

export type OnrampApi = ReturnType<typeof onrampApi>;
