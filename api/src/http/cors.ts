import type { Config } from "../kernel/config/env.ts";

const ALLOW_HEADERS = "content-type, x-api-key, idempotency-key, x-request-id, x-compass-sdk-version";
const EXPOSE_HEADERS =
  "x-request-id, retry-after, idempotent-replayed, ratelimit-limit, ratelimit-remaining, ratelimit-reset";

/**
 * Which browser origins may call the API: with keys required, only origins listed on a publishable key;
 * without keys (the embedded default) any origin, since there is nothing to protect but public reads.
 */
export function allowedOrigin(config: Config, origin: string | null): string | null {
  if (!origin) return null;
  if (!config.requireKeys) return "*";
  return config.apiKeys.some((k) => k.kind === "publishable" && k.origins?.includes(origin)) ? origin : null;
}

export function corsHeaders(allowed: string): Record<string, string> {
  return {
    "access-control-allow-origin": allowed,
    "access-control-expose-headers": EXPOSE_HEADERS,
    ...(allowed === "*" ? {} : { vary: "Origin" }),
  };
}

export function preflightHeaders(allowed: string): Record<string, string> {
  return {
    ...corsHeaders(allowed),
    "access-control-allow-methods": "GET, POST, OPTIONS",
    "access-control-allow-headers": ALLOW_HEADERS,
    "access-control-max-age": "600",
  };
}
