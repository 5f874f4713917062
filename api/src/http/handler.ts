import type { Context as HonoContext } from "hono";
import type { Logger } from "pino";
import type { z } from "zod";
import type { Config } from "../config/env.ts";
import type { Context } from "../context.ts";
import type { Operation } from "../registry/define.ts";
import type { Services } from "../services.ts";
import { identify } from "./auth.ts";
import { NO_BODY, readJsonBody } from "./body.ts";
import type { ValidationIssue } from "./errors.ts";
import { renderError, renderValidation } from "./render.ts";
import { toValidationIssues } from "./zod-issues.ts";

export const JSON_HEADERS = { "content-type": "application/json" };

type Parsed = { ok: true; data: any } | { ok: false; issues: ValidationIssue[] };

/** Validation failures are values, not exceptions: the hot 422 path captures no stack. */
function parse(schema: z.ZodType | undefined, value: unknown, where: "body" | "query" | "path"): Parsed {
  if (!schema) return { ok: true, data: undefined };
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, issues: toValidationIssues(where, result.error) };
}

function queryObject(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  const q = url.indexOf("?");
  if (q === -1) return out;
  for (const [k, v] of new URLSearchParams(url.slice(q + 1))) out[k] = v;
  return out;
}

/** The one adapter between HTTP and an operation: auth, parse, call, render. */
export function operationHandler(op: Operation, config: Config, services: Services, log: Logger) {
  return async (c: HonoContext) => {
    const requestId = c.get("requestId" as never) as string;
    const send = (status: number, body: unknown) =>
      c.body(JSON.stringify(body), status as never, JSON_HEADERS);
    try {
      const req = c.req.raw;
      if (!identify(config, req.headers.get("x-api-key")))
        return send(401, { detail: "API key missing or invalid" });
      const params = parse(op.params, c.req.param(), "path");
      const query = parse(op.query, op.query ? queryObject(req.url) : undefined, "query");
      let body: Parsed = { ok: true, data: undefined };
      if (op.body) {
        const raw = await readJsonBody(req, config.bodyLimitBytes);
        body =
          raw === NO_BODY
            ? { ok: false, issues: [{ loc: ["body"], msg: "Field required", type: "missing" }] }
            : parse(op.body, raw, "body");
      }
      const issues = [params, query, body].flatMap((p) => (p.ok ? [] : p.issues));
      if (issues.length) return send(422, renderValidation(issues, op).body);
      const result = await op.handler(
        {
          params: params.ok && params.data,
          query: query.ok && query.data,
          body: body.ok && body.data,
        } as never,
        context(config, services, log, requestId, op, req),
      );
      if (config.validateResponses) checkResponse(op, result);
      return send(200, result);
    } catch (error) {
      const rendered = renderError(error, op, log, requestId);
      return send(rendered.status, rendered.body);
    }
  };
}

function context(
  config: Config,
  services: Services,
  log: Logger,
  requestId: string,
  op: Operation,
  req: Request,
): Context {
  let child: Logger | undefined;
  return {
    config,
    services,
    get log() {
      child ??= log.child({ reqId: requestId, op: op.operationId });
      return child;
    },
    requestId,
    signal: req.signal,
    headers: req.headers,
    idempotencyKey: req.headers.get("idempotency-key") ?? undefined,
  };
}

function checkResponse(op: Operation, result: unknown): void {
  const parsed = op.response.safeParse(result);
  if (!parsed.success) {
    throw new Error(
      `Response of ${op.operationId} does not match its schema: ${JSON.stringify(parsed.error.issues).slice(0, 2000)}`,
    );
  }
}
