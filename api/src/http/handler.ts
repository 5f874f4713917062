import { CHAIN_INFO } from "@compass/constants";
import type { Logger } from "pino";
import type { z } from "zod";
import { noteHistory } from "../kernel/chain/freshness.ts";
import type { Config } from "../kernel/config/env.ts";
import type { Context, KernelServices } from "../kernel/context.ts";
import type { ValidationIssue } from "../kernel/errors.ts";
import { type Operation, RESPONSE_STATUS } from "../kernel/registry/define.ts";
import { type Caller, identify } from "./auth.ts";
import { NO_BODY, readJsonBody } from "./body.ts";
import type { HttpCall, HttpReply } from "./call.ts";
import { clientIp } from "./client-ip.ts";
import { beginIdempotent, finishIdempotent } from "./idempotency.ts";
import { checkScope, requestOrigin } from "./policy.ts";
import { rateLimit } from "./rate-limit.ts";
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

/**
 * An operation's HTTP handler: from the routed call (and its path parameters) to the reply. The reply is plain when
 * nothing had to be awaited (a 401, 403 or 422 of a GET without a rate limit): those answers cost no promise.
 */
export type RouteHandler = (
  call: HttpCall,
  params: Record<string, string>,
  requestId: string,
) => HttpReply | Promise<HttpReply>;

/**
 * The one adapter between HTTP and an operation, in order: who is calling (key → caller), may they
 * (publishable-key scope and origin), how often (rate limit), parse and validate, idempotency, call,
 * render. Every operation gets exactly this; nothing is written per handler.
 */
export function operationHandler(
  op: Operation,
  config: Config,
  services: KernelServices,
  log: Logger,
): RouteHandler {
  /** what the caller sent, validated: the input, or the 422 naming every bad field */
  const validate = (call: HttpCall, pathParams: Record<string, string>, body: Parsed) => {
    const params = parse(op.params, pathParams, "path");
    const query = parse(op.query, op.query ? queryObject(call.url) : undefined, "query");
    if (params.ok && query.ok && body.ok)
      return { input: { params: params.data, query: query.data, body: body.data } };
    const issues = [params, query, body].flatMap((p) => (p.ok ? [] : p.issues));
    return { invalid: JSON.stringify(renderValidation(issues, op).body) };
  };

  /** a thrown error as the operation's envelope; asynchronous only when an idempotency record must be closed */
  const failed = (
    error: unknown,
    call: HttpCall,
    requestId: string,
    headers: Record<string, string>,
    idem?: { scope: string; fp: string },
  ): HttpReply | Promise<HttpReply> => {
    // the caller went away (a closed connection aborts the request's signal, and with it the upstream
    // reads given it): not a server fault, and nobody reads the answer; a retry with its Idempotency-Key runs again
    if (call.signal.aborted) {
      log.info({ reqId: requestId, op: op.operationId, err: String(error) }, "client closed the request");
      const reply = { status: 499, headers, body: JSON.stringify({ detail: "Client closed the request" }) };
      return idem
        ? services.shared.release(idem.scope).then(
            () => reply,
            () => reply,
          )
        : reply;
    }
    const rendered = renderError(error, op, log, requestId);
    Object.assign(headers, rendered.headers);
    const reply = { status: rendered.status, headers, body: JSON.stringify(rendered.body) };
    return idem
      ? finishIdempotent(services.shared, idem.scope, idem.fp, rendered.status, reply.body).then(() => reply)
      : reply;
  };

  /** from validated input to the answer: idempotency, the operation, the response check */
  const run = async (
    call: HttpCall,
    requestId: string,
    headers: Record<string, string>,
    input: unknown,
    caller: Caller,
    raw: string,
  ): Promise<HttpReply> => {
    let idem: { scope: string; fp: string } | undefined;
    try {
      const idempotencyKey = call.headers.get("idempotency-key") ?? undefined;
      if (idempotencyKey !== undefined && op.method === "POST") {
        const begun = await beginIdempotent(services.shared, caller.id, op.operationId, idempotencyKey, raw);
        if ("replay" in begun) {
          headers["idempotent-replayed"] = "true";
          return { status: begun.replay.status, headers, body: begun.replay.body };
        }
        idem = begun;
      }
      const { result, complete } = await noteHistory(() =>
        op.handler(input as never, context(config, services, log, requestId, op, call, idempotencyKey)),
      );
      addFreshness(op, result, complete, config.validateResponses ? log : undefined);
      if (config.validateResponses) checkResponse(op, result);
      const text = stringifyResult(result);
      const status = (result as { [RESPONSE_STATUS]?: number } | null)?.[RESPONSE_STATUS] ?? 200;
      if (idem) await finishIdempotent(services.shared, idem.scope, idem.fp, status, text);
      return { status, headers, body: text };
    } catch (error) {
      return failed(error, call, requestId, headers, idem);
    }
  };

  /** the steps that wait before validation: the shared rate-limit store, the request body */
  const limitAndRead = async (
    call: HttpCall,
    pathParams: Record<string, string>,
    requestId: string,
    headers: Record<string, string>,
    caller: Caller,
  ): Promise<HttpReply> => {
    try {
      if (config.rateLimit)
        Object.assign(
          headers,
          (
            await rateLimit(config, services.shared, caller.id, (e) =>
              log.warn({ err: String(e) }, "rate-limit store unavailable"),
            )
          ).headers,
        );
      let body: Parsed = { ok: true, data: undefined };
      let raw = "";
      if (op.body) {
        const read = await readJsonBody(call, config.bodyLimitBytes);
        raw = read.text;
        body =
          read.value === NO_BODY
            ? { ok: false, issues: [{ loc: ["body"], msg: "Field required", type: "missing" }] }
            : parse(op.body, read.value, "body");
      }
      const checked = validate(call, pathParams, body);
      if (checked.invalid !== undefined) return { status: 422, headers, body: checked.invalid };
      return await run(call, requestId, headers, checked.input, caller, raw);
    } catch (error) {
      return failed(error, call, requestId, headers);
    }
  };

  return (call, pathParams, requestId) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    try {
      const key = call.headers.get("x-api-key");
      const caller = identify(config, key, clientIp(call, config));
      if (!caller) return { status: 401, headers, body: JSON.stringify(unauthorized(key)) };
      checkScope(caller, op, requestOrigin(call.headers, config.publicUrl));
      if (config.rateLimit || op.body) return limitAndRead(call, pathParams, requestId, headers, caller);
      const checked = validate(call, pathParams, { ok: true, data: undefined });
      if (checked.invalid !== undefined) return { status: 422, headers, body: checked.invalid };
      return run(call, requestId, headers, checked.input, caller, "");
    } catch (error) {
      return failed(error, call, requestId, headers);
    }
  };
}

function context(
  config: Config,
  services: KernelServices,
  log: Logger,
  requestId: string,
  op: Operation,
  call: HttpCall,
  idempotencyKey?: string,
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
    get signal() {
      return call.signal;
    },
    headers: call.headers,
    idempotencyKey,
  };
}

/** The spec's 401 body, plus which of the two mistakes it is (`hint`, ours). */
function unauthorized(key: string | null) {
  const hint = key
    ? "x-api-key is not a key of this server (check the key, and that it belongs to this environment)"
    : "x-api-key is missing: send a secret key from a server, or a publishable key from a browser";
  return { detail: "API key missing or invalid", hint };
}

/**
 * An answer read from event history says, per chain, up to which block that history is complete. A read that used
 * history without declaring it (`history: true`) is a defect the response checks name (tests and staging run them).
 */
function addFreshness(op: Operation, result: unknown, complete: Map<number, bigint>, checks?: Logger): void {
  if (!complete.size) return;
  if (!op.history) {
    if (op.method === "GET")
      checks?.error({ op: op.operationId }, "read event history without declaring it (history: true)");
    return;
  }
  if (!result || typeof result !== "object" || Array.isArray(result)) return;
  const fresh: Record<string, number> = {};
  for (const [chainId, block] of complete) {
    const chain = Object.values(CHAIN_INFO).find((c) => c.chainId === chainId)?.name ?? String(chainId);
    fresh[chain] = Number(block);
  }
  (result as { indexed_to_block?: Record<string, number> }).indexed_to_block = fresh;
}

function checkResponse(op: Operation, result: unknown): void {
  const parsed = op.response.safeParse(result);
  if (!parsed.success) {
    throw new Error(
      `Response of ${op.operationId} does not match its schema: ${JSON.stringify(parsed.error.issues).slice(0, 2000)}`,
    );
  }
}

/**
 * The handler's answer as JSON. A bigint (v0 writes its transactions' wei as integers beyond 2^53) is written as
 * bare digits; answers without one take the plain path.
 */
export function stringifyResult(result: unknown): string {
  try {
    return JSON.stringify(result);
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
    const marker = "\u0000bigint:";
    return JSON.stringify(result, (_k, v) => (typeof v === "bigint" ? `${marker}${v}` : v)).replace(
      /"\\u0000bigint:(-?[0-9]+)"/g,
      "$1",
    );
  }
}
