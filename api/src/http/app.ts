import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { Config } from "../kernel/config/env.ts";
import type { KernelServices } from "../kernel/context.ts";
import { buildOpenApi } from "../kernel/openapi/build.ts";
import { buildV0OpenApi, V0_HEADERS, V0_SUNSET_MS } from "../kernel/openapi/v0.ts";
import type { Operation } from "../kernel/registry/define.ts";
import { callFromRequest, type HttpCall, type HttpReply, nodeListener, replyToResponse } from "./call.ts";
import { allowedOrigin, corsHeaders, preflightHeaders } from "./cors.ts";
import { JSON_HEADERS, operationHandler, type RouteHandler } from "./handler.ts";
import { accessLogger, createLogger } from "./logger.ts";
import { renderError } from "./render.ts";
import { Router } from "./router.ts";

/** What the HTTP app serves, composed by the API's entry (`createHttpApp` in index.ts fills in the defaults). */
export interface HttpAppParts<S extends KernelServices = KernelServices> {
  config: Config;
  services: S;
  operations: Operation[];
  /** the frozen v0 operations, routed under /v0 with their own document */
  v0: Operation[];
  /**
   * The host app's own endpoints (e.g. its deposit sponsor), served with the operations' auth, limits,
   * validation and errors, but not part of the public contract: no OpenAPI entry, no SDK method.
   */
  routes?: Operation[];
  logger?: Logger;
}

export interface HttpApp<S extends KernelServices = KernelServices> {
  /** the transport-free core: every route, error envelope and header comes from here */
  handle: (call: HttpCall) => Promise<HttpReply>;
  /** the same as a Fetch handler (Next route handlers, tests, in-process callers) */
  fetch: (request: Request) => Promise<Response>;
  /** the same as a node:http listener, with no Fetch objects in between (the shipped server's hot path) */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  config: Config;
  services: S;
  operations: Operation[];
  log: Logger;
}

const NOT_FOUND = JSON.stringify({ detail: "Not Found" });

/** The lean HTTP app over the registry: a route table and the one operation adapter, no framework. */
export function httpApp<S extends KernelServices>(parts: HttpAppParts<S>): HttpApp<S> {
  const { config, services } = parts;
  const log = parts.logger ?? createLogger(config.logLevel);
  const operations = parts.operations.filter((op) => op.envs.includes(config.env));
  const v0 = parts.v0.filter((op) => op.envs.includes(config.env));
  if (config.env === "production" && !config.apiKeys.some((k) => k.kind === "secret")) {
    log.warn(
      "COMPASS_ENV=production without COMPASS_API_KEYS: every API request will be refused with 401. Set COMPASS_API_KEYS to keys or sha256:<hex> digests.",
    );
  }
  const access = accessLogger(log);
  const v0Headers = V0_HEADERS(config);

  const router = new Router<RouteHandler>();
  const documentRoute =
    (build: () => string): RouteHandler =>
    async () => {
      const body = build();
      return { status: 200, headers: { ...JSON_HEADERS, "cache-control": "public, max-age=60" }, body };
    };
  let openapi: string | undefined;
  router.add(
    "GET",
    "/v2/openapi.json",
    documentRoute(
      () =>
        (openapi ??= JSON.stringify(
          buildOpenApi(operations, { env: config.env, serverUrl: config.publicUrl }),
        )),
    ),
  );
  let v0Document: string | undefined;
  router.add(
    "GET",
    "/v0/openapi.json",
    documentRoute(
      () =>
        (v0Document ??= JSON.stringify(buildV0OpenApi(v0, { env: config.env, serverUrl: config.publicUrl }))),
    ),
  );
  for (const op of [...operations, ...v0, ...(parts.routes ?? [])])
    router.add(op.method, op.path, operationHandler(op, config, services, log));

  const routeFailed = (error: unknown, requestId: string): HttpReply => {
    const { status, body } = renderError(error, undefined, log, requestId);
    return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
  };

  // v0 is frozen: every answer says so (RFC 9745 Deprecation, RFC 8594 Sunset) and names its successor; past the
  // sunset its paths are gone
  const route = (call: HttpCall, path: string, requestId: string): HttpReply | Promise<HttpReply> => {
    const v0Path = path.startsWith("/v0/");
    if (v0Path && Date.now() >= V0_SUNSET_MS)
      return {
        status: 410,
        headers: { ...JSON_HEADERS, ...v0Headers },
        body: JSON.stringify({
          detail: `v0 was sunset on ${new Date(V0_SUNSET_MS).toUTCString()}: use /v1 and /v2`,
        }),
      };
    const head = call.method === "HEAD";
    const found = router.match(head ? "GET" : call.method, path);
    if (!found) return { status: 404, headers: { ...JSON_HEADERS }, body: NOT_FOUND };
    if ("methods" in found)
      return {
        status: 405,
        headers: { ...JSON_HEADERS, allow: found.methods.join(", ") },
        body: JSON.stringify({ detail: "Method Not Allowed" }),
      };
    const finish = (reply: HttpReply): HttpReply => {
      if (v0Path) Object.assign(reply.headers, v0Headers);
      if (head) reply.body = null;
      return reply;
    };
    let answer: HttpReply | Promise<HttpReply>;
    try {
      answer = found.handler(call, found.params, requestId);
    } catch (error) {
      return finish(routeFailed(error, requestId));
    }
    return answer instanceof Promise
      ? answer.then(finish, (error) => finish(routeFailed(error, requestId)))
      : finish(answer);
  };

  /** every request: its id, CORS, the route, the access line; a plain reply when nothing was awaited */
  const serve = (call: HttpCall): HttpReply | Promise<HttpReply> => {
    const requestId = sanitizeRequestId(call.headers.get("x-request-id") ?? undefined) ?? randomUUID();
    const started = access ? performance.now() : 0;
    const q = call.url.indexOf("?");
    const path = q === -1 ? call.url : call.url.slice(0, q);
    // CORS: browsers may call from origins listed on a publishable key (any origin when no keys are required).
    // Preflights are answered for every origin and auth failures carry CORS headers, so a page whose key or
    // origin is wrong can read why (the key and origin checks themselves happen on the request).
    const origin = call.headers.get("origin");
    const allowed = allowedOrigin(config, origin);
    const finish = (reply: HttpReply): HttpReply => {
      if (call.method !== "OPTIONS") {
        const readable =
          allowed ?? (origin && (reply.status === 401 || reply.status === 403) ? origin : null);
        if (readable) Object.assign(reply.headers, corsHeaders(readable));
      }
      reply.headers["x-request-id"] = requestId;
      access?.(
        requestId,
        call.method,
        path,
        reply.status,
        Math.round((performance.now() - started) * 10) / 10,
      );
      return reply;
    };
    if (call.method === "OPTIONS")
      return finish({ status: 204, headers: origin ? preflightHeaders(allowed ?? origin) : {}, body: null });
    const reply = route(call, path, requestId);
    return reply instanceof Promise ? reply.then(finish) : finish(reply);
  };

  const handle = async (call: HttpCall): Promise<HttpReply> => serve(call);
  return {
    handle,
    fetch: async (request) => replyToResponse(await serve(callFromRequest(request))),
    listener: nodeListener(serve),
    config,
    services,
    operations,
    log,
  };
}

function sanitizeRequestId(value: string | undefined): string | undefined {
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}
