import type { Hono } from "hono";

/**
 * Widgets call their operations from partners' pages on other origins, with a publishable key in
 * `x-api-key` (never cookies), so those operations answer CORS for any origin. Which origins may use a
 * given publishable key is the key's own rule, not CORS's.
 */
const ALLOW = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-request-id, retry-after",
};
const PREFLIGHT = {
  ...ALLOW,
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "content-type, x-api-key, idempotency-key, x-request-id",
  "access-control-max-age": "600",
};

export function allowWidgetOrigins(hono: Hono, path: string): void {
  hono.options(path, (c) => c.body(null, 204, PREFLIGHT));
  hono.use(path, async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(ALLOW)) c.res.headers.set(k, v);
  });
}
