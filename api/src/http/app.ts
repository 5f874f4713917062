import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import type { Logger } from "pino";
import type { z } from "zod";
import { type Config, loadConfig } from "../config/env.ts";
import type { Context } from "../context.ts";
import { buildOpenApi } from "../openapi/build.ts";
import type { Operation } from "../registry/define.ts";
import { operations as allOperations } from "../registry/index.ts";
import { createServices, type Services } from "../services.ts";
import { identify } from "./auth.ts";
import { NO_BODY, readJsonBody } from "./body.ts";
import { RequestValidationError } from "./errors.ts";
import { createLogger } from "./logger.ts";
import { renderError } from "./render.ts";
import { toValidationIssues } from "./zod-issues.ts";

export interface HttpAppOptions {
  config?: Config;
  services?: Services;
  operations?: Operation[];
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

const JSON_HEADERS = { "content-type": "application/json" };

/** The lean HTTP app over the registry: every route, error envelope and header comes from here. */
export function createHttpApp(options: HttpAppOptions = {}): HttpApp {
  const config = options.config ?? loadConfig();
  const services = options.services ?? createServices(config);
  const log = options.logger ?? createLogger(config.logLevel);
  const operations = (options.operations ?? allOperations).filter((op) => op.envs.includes(config.env));
  if (config.env === "production" && !config.apiKeys.some((k) => k.kind === "secret")) {
    log.warn(
      "COMPASS_ENV=production without COMPASS_API_KEYS: every API request will be refused with 401. Set COMPASS_API_KEYS to keys or sha256:<hex> digests.",
    );
  }
  const hono = new Hono();
  let openapi: string | undefined;

  hono.use("*", async (c, next) => {
    const requestId = sanitizeRequestId(c.req.header("x-request-id")) ?? randomUUID();
    c.set("requestId" as never, requestId as never);
    const started = performance.now();
    await next();
    c.res.headers.set("x-request-id", requestId);
    if (log.isLevelEnabled("info")) {
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

  hono.get("/v2/openapi.json", (c) => {
    openapi ??= JSON.stringify(buildOpenApi(operations, { env: config.env, serverUrl: config.publicUrl }));
    return c.body(openapi, 200, { ...JSON_HEADERS, "cache-control": "public, max-age=60" });
  });

  const methodsByPath = new Map<string, string[]>();
  for (const op of operations) {
    const path = op.path.replace(/\{([^}]+)\}/g, ":$1");
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), op.method]);
    hono.on(op.method, path, async (c) => {
      const requestId = c.get("requestId" as never) as string;
      try {
        const req = c.req.raw;
        const caller = identify(config, req.headers.get("x-api-key"));
        if (!caller)
          return c.body(JSON.stringify({ detail: "API key missing or invalid" }), 401, JSON_HEADERS);
        const params = op.params ? parse(op.params, c.req.param(), "path") : undefined;
        const query = op.query ? parse(op.query, queryObject(req.url), "query") : undefined;
        let body: unknown;
        if (op.body) {
          const raw = await readJsonBody(req, config.bodyLimitBytes);
          if (raw === NO_BODY)
            throw new RequestValidationError([{ loc: ["body"], msg: "Field required", type: "missing" }]);
          body = parse(op.body, raw, "body");
        }
        const ctx: Context = {
          config,
          services,
          log: log.child({ reqId: requestId, op: op.operationId }),
          requestId,
          signal: req.signal,
          headers: req.headers,
          idempotencyKey: req.headers.get("idempotency-key") ?? undefined,
        };
        const result = await op.handler({ params, query, body } as never, ctx);
        const out = config.validateResponses ? checkResponse(op, result) : result;
        return c.body(JSON.stringify(out), 200, JSON_HEADERS);
      } catch (error) {
        const { status, body } = renderError(error, op, log, requestId);
        return c.body(JSON.stringify(body), status as never, JSON_HEADERS);
      }
    });
  }
  for (const [path, methods] of methodsByPath) {
    hono.all(path, (c) =>
      c.body(JSON.stringify({ detail: "Method Not Allowed" }), 405, {
        ...JSON_HEADERS,
        allow: methods.join(", "),
      }),
    );
  }
  hono.all("/v2/openapi.json", (c) =>
    c.body(JSON.stringify({ detail: "Method Not Allowed" }), 405, { ...JSON_HEADERS, allow: "GET" }),
  );
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

function parse(schema: z.ZodType, value: unknown, where: "body" | "query" | "path"): any {
  const result = schema.safeParse(value);
  if (!result.success) throw new RequestValidationError(toValidationIssues(where, result.error));
  return result.data;
}

function queryObject(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  const q = url.indexOf("?");
  if (q === -1) return out;
  for (const [k, v] of new URLSearchParams(url.slice(q + 1))) out[k] = v;
  return out;
}

function checkResponse(op: Operation, result: unknown): unknown {
  const parsed = op.response.safeParse(result);
  if (!parsed.success) {
    throw new Error(
      `Response of ${op.operationId} does not match its schema: ${JSON.stringify(parsed.error.issues).slice(0, 2000)}`,
    );
  }
  return result;
}

function sanitizeRequestId(value: string | undefined): string | undefined {
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}
