import { Transport } from "@compass/sdk";
import { useMemo } from "react";
import { useCompassConfig } from "./CompassProvider.tsx";

/** The API settings a widget takes as props; each falls back to the nearest CompassProvider's. */
export interface CompassApiOptions {
  /** base URL of the Compass API, or of your proxy of it (default: the page's origin) */
  apiBaseUrl?: string;
  /** publishable key sent as `x-api-key`, allowed for your page's origin (never a secret key) */
  publishableKey?: string;
  /** custom fetch (server proxies, tests, stories) */
  fetch?: typeof fetch;
}

/**
 * The one SDK transport every widget calls through (the SDK's standalone functions take it first, so only
 * the operations a widget uses are bundled). Widgets never call during server rendering, where the page's
 * origin is unknown: there the base URL is "" until the browser has one.
 */
export function createWidgetTransport({ apiBaseUrl, publishableKey, fetch }: CompassApiOptions): Transport {
  return new Transport({
    serverURL: apiBaseUrl ?? globalThis.location?.origin ?? "",
    // "" rather than undefined: a widget must never pick up a key from the environment
    apiKeyAuth: publishableKey ?? "",
    fetch,
    retries: 1,
    // the API gives up on an outside system after 10 s; past twice that, say so rather than spin
    timeoutMs: 20_000,
  });
}

/** A widget's transport: its own props first, then the nearest CompassProvider's, then the defaults. */
export function useWidgetTransport(own: CompassApiOptions): Transport {
  const shared = useCompassConfig();
  const apiBaseUrl = own.apiBaseUrl ?? shared.apiBaseUrl;
  const publishableKey = own.publishableKey ?? shared.publishableKey;
  const fetch = own.fetch ?? shared.fetch;
  return useMemo(
    () => createWidgetTransport({ apiBaseUrl, publishableKey, fetch }),
    [apiBaseUrl, publishableKey, fetch],
  );
}
