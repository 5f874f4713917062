import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import type { Logger } from "pino";
import { type Config, loadConfig } from "../config/env.ts";
import { buildOpenApi } from "../openapi/build.ts";
import { buildV0OpenApi, V0_HEADERS, V0_SUNSET_MS } from "../openapi/v0.ts";
import type { Operation } from "../registry/define.ts";
import { operations as allOperations, v0Operations } from "../registry/index.ts";
import { createServices, type Services } from "../services.ts";
import { allowedOrigin, corsHeaders, preflightHeaders } from "./cors.ts";
import { JSON_HEADERS, operationHandler } from "./handler.ts";
import { createLogger } from "./logger.ts";
import { renderError } from "./render.ts";

export interface HttpAppOptions {
  config?: Config;
  services?: Services;
  operations?: Operation[];
  /** the frozen v0 operations (default: the registry's), routed under /v0 with their own document */
  v0?: Operation[];
  /**
   * The host app's own endpoints (e.g. its deposit sponsor), served with the operations' auth, limits,
   * validation and errors, but not part of the public contract: no OpenAPI entry, no SDK method.
   */
  routes?: Operation[];
  logger?: Logger;
}

export interface HttpApp {
  fetch: (request: Request) => Promise<Response>;
  hono: Hono;
  config: Config;
  services: Services;
  operations: Operation[];
  log: Logger;
}

/** The lean HTTP app over the registry: every route, error envelope and header comes from here. */
export function createHttpApp(options: HttpAppOptions = {}): HttpApp {
  const config = options.config ?? loadConfig();
  const services = options.services ?? createServices(config);
  const log = options.logger ?? createLogger(config.logLevel);
  const operations = (options.operations ?? allOperations).filter((op) => op.envs.includes(config.env));
  const v0 = (options.v0 ?? v0Operations).filter((op) => op.envs.includes(config.env));
  if (config.env === "production" && !config.apiKeys.some((k) => k.kind === "secret")) {
    log.warn(
      "COMPASS_ENV=production without COMPASS_API_KEYS: every API request will be refused with 401. Set COMPASS_API_KEYS to keys or sha256:<hex> digests.",
    );
  }
  const hono = new Hono();
  const logRequests = log.isLevelEnabled("info");

  hono.use("*", async (c, next) => {
    const requestId = sanitizeRequestId(c.req.header("x-request-id")) ?? randomUUID();
    c.set("requestId" as never, requestId as never);
    const started = logRequests ? performance.now() : 0;
    await next();
    c.res.headers.set("x-request-id", requestId);
    if (logRequests) {
      log.info(
        {
          reqId: requestId,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        "request",
      );
    }
  });

  // CORS: browsers may call from origins listed on a publishable key (any origin when no keys are required).
  // Preflights are answered for every origin and auth failures carry CORS headers, so a page whose key or
  // origin is wrong can read why (the key and origin checks themselves happen on the request).
  hono.use("*", async (c, next) => {
    const origin = c.req.header("origin") ?? null;
    const allowed = allowedOrigin(config, origin);
    if (c.req.method === "OPTIONS")
      return c.body(null, 204, origin ? preflightHeaders(allowed ?? origin) : {});
    await next();
    const readable = allowed ?? (origin && (c.res.status === 401 || c.res.status === 403) ? origin : null);
    if (readable) for (const [k, v] of Object.entries(corsHeaders(readable))) c.res.headers.set(k, v);
  });

  let openapi: string | undefined;
  hono.get("/v2/openapi.json", (c) => {
    openapi ??= JSON.stringify(buildOpenApi(operations, { env: config.env, serverUrl: config.publicUrl }));
    return c.body(openapi, 200, { ...JSON_HEADERS, "cache-control": "public, max-age=60" });
  });

  // v0 is frozen: every answer says so (RFC 9745 Deprecation, RFC 8594 Sunset) and names its successor; past the
  // sunset its paths are gone
  hono.use("/v0/*", async (c, next) => {
    if (Date.now() >= V0_SUNSET_MS)
      return c.body(
        JSON.stringify({
          detail: `v0 was sunset on ${new Date(V0_SUNSET_MS).toUTCString()}: use /v1 and /v2`,
        }),
        410,
        { ...JSON_HEADERS, ...V0_HEADERS(config) },
      );
    await next();
    for (const [k, v] of Object.entries(V0_HEADERS(config))) c.res.headers.set(k, v);
  });
  let v0Document: string | undefined;
  hono.get("/v0/openapi.json", (c) => {
    v0Document ??= JSON.stringify(buildV0OpenApi(v0, { env: config.env, serverUrl: config.publicUrl }));
    return c.body(v0Document, 200, { ...JSON_HEADERS, "cache-control": "public, max-age=60" });
  });

  const methodsByPath = new Map<string, string[]>([
    ["/v2/openapi.json", ["GET"]],
    ["/v0/openapi.json", ["GET"]],
  ]);
  for (const op of [...operations, ...v0, ...(options.routes ?? [])]) {
    const path = op.path.replace(/\{([^}]+)\}/g, ":$1");
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), op.method]);
    hono.on(op.method, path, operationHandler(op, config, services, log));
  }
  for (const [path, methods] of methodsByPath) {
    hono.all(path, (c) =>
      c.body(JSON.stringify({ detail: "Method Not Allowed" }), 405, {
        ...JSON_HEADERS,
        allow: methods.join(", "),
      }),
    );
  }
  hono.notFound((c) => c.body(JSON.stringify({ detail: "Not Found" }), 404, JSON_HEADERS));
  hono.onError((error, c) => {
    const { status, body } = renderError(error, undefined, log, c.get("requestId" as never) as string);
    return c.body(JSON.stringify(body), status as never, JSON_HEADERS);
  });

  return {
    fetch: (request) => Promise.resolve(hono.fetch(request)),
    hono,
    config,
    services,
    operations,
    log,
  };
}

function sanitizeRequestId(value: string | undefined): string | undefined {
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}
