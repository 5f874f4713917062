import { Transport } from "@compass/sdk";

export interface ApiOptions {
  /** Base URL of the Compass API (or the host app's proxy of it); "" for the page's own origin. */
  apiBaseUrl: string;
  /** A publishable key scoped to widget operations and this site's origin. Never a secret key. */
  publishableKey?: string;
  /** Custom fetch (tests, stories, proxies). */
  fetch?: typeof fetch;
}

const cache = new WeakMap<object, Map<string, Transport>>();
const noFetch = {};

/** One SDK transport per (base URL, key, fetch): the standalone SDK functions take it as first argument. */
export function transportFor({ apiBaseUrl, publishableKey, fetch }: ApiOptions): Transport {
  const byFetch = cache.get(fetch ?? noFetch) ?? new Map<string, Transport>();
  cache.set(fetch ?? noFetch, byFetch);
  const key = `${apiBaseUrl}|${publishableKey ?? ""}`;
  let transport = byFetch.get(key);
  if (!transport) {
    transport = new Transport({
      serverURL: apiBaseUrl,
      headers: publishableKey ? { "x-api-key": publishableKey } : undefined,
      fetch,
      retries: 1,
    });
    byFetch.set(key, transport);
  }
  return transport;
}
