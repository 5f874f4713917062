import { onrampCreate, onrampQuote, onrampStatus, type RequestOptions, Transport } from "@compass/sdk";

export interface OnrampApiOptions {
  apiBaseUrl?: string;
  publishableKey?: string;
  fetch?: typeof fetch;
}

/**
 * The three on-ramp calls through the SDK's standalone functions (only these end up in the bundle). The
 * transport is made on first use, in the browser, so server rendering never touches `location`.
 */
export function onrampApi(options: OnrampApiOptions) {
  let transport: Transport | undefined;
  const t = () =>
    (transport ??= new Transport({
      serverURL: options.apiBaseUrl ?? globalThis.location?.origin,
      apiKeyAuth: options.publishableKey ?? "",
      fetch: options.fetch,
      retries: 1,
      timeoutMs: 20_000,
    }));
  return {
    quote: (body: Parameters<typeof onrampQuote>[1], o?: RequestOptions) => onrampQuote(t(), body, o),
    create: (body: Parameters<typeof onrampCreate>[1], o?: RequestOptions) => onrampCreate(t(), body, o),
    status: (paymentId: string, o?: RequestOptions) => onrampStatus(t(), { payment_id: paymentId }, o),
  };
}

export type OnrampApi = ReturnType<typeof onrampApi>;
