/** Typed errors: every failure of a call is one of these, carrying the status, the body and the cause. */
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export type CompassErrorType =
  | "validation"
  | "api"
  | "http"
  | "rate_limit"
  | "network"
  | "timeout"
  | "aborted";

export class CompassError extends Error {
  override name = "CompassError";
  readonly kind: CompassErrorType;
  /** HTTP status, or 0 when no response arrived */
  readonly status: number;
  /** parsed response body (or text) */
  readonly body: unknown;
  readonly shortMessage: string;
  readonly requestId?: string;
  /** seconds the server asked to wait before retrying (`Retry-After`), when it said */
  retryAfter?: number;
  /** response headers, when a response arrived */
  headers?: Headers;

  constructor(
    kind: CompassErrorType,
    shortMessage: string,
    opts: { status?: number; body?: unknown; cause?: unknown; requestId?: string; details?: string } = {},
  ) {
    super(opts.details ? `${shortMessage}\n\n${opts.details}` : shortMessage, { cause: opts.cause });
    this.kind = kind;
    this.status = opts.status ?? 0;
    this.body = opts.body;
    this.shortMessage = shortMessage;
    this.requestId = opts.requestId;
  }
}

/** 422: the request did not validate. `detail` names each offending field; `fields` lists their paths. */
export class ValidationError extends CompassError {
  override name = "ValidationError";
  readonly detail: ValidationDetail[];
  /** the offending fields as dotted paths without their location (`amount`, `builder.address`) */
  readonly fields: string[];
  /** message(s) per field */
  readonly fieldErrors: Record<string, string[]>;
  constructor(body: any, requestId?: string) {
    const detail: ValidationDetail[] = Array.isArray(body?.detail) ? body.detail : [];
    const msg =
      typeof body?.message === "string"
        ? body.message
        : detail.map((d) => `${d.loc.slice(1).join(".") || d.loc.join(".")}: ${d.msg}`).join("; ");
    super("validation", msg || "Request validation failed", { status: 422, body, requestId });
    this.detail = detail;
    this.fieldErrors = {};
    for (const d of detail) {
      const loc = Array.isArray(d.loc) ? d.loc : [];
      const path = (["body", "query", "path", "header"].includes(String(loc[0])) ? loc.slice(1) : loc).join(
        ".",
      );
      this.fieldErrors[path] = [...(this.fieldErrors[path] ?? []), d.msg];
    }
    this.fields = Object.keys(this.fieldErrors);
  }
}

/** A domain error `{error, message}` (e.g. 404 "Payment not found.", 502 "On-ramp provider unavailable"). */
export class ApiError extends CompassError {
  override name = "ApiError";
  readonly error: string;
  constructor(status: number, body: { error: string; message: string }, requestId?: string) {
    super("api", body.message || body.error, { status, body, requestId });
    this.error = body.error;
  }
}

/** Any other non-2xx answer (`{"detail": "..."}` bodies, 401, 404, 405, 413, 5xx). */
export class HttpError extends CompassError {
  override name = "HttpError";
  constructor(status: number, body: unknown, requestId?: string, kind: CompassErrorType = "http") {
    const detail = (body as any)?.detail ?? (body as any)?.message;
    super(kind, typeof detail === "string" ? detail : `HTTP ${status}`, { status, body, requestId });
  }
}

/** 429: too many requests. `retryAfter` is the server's `Retry-After` in seconds (when it sent one). */
export class RateLimitError extends HttpError {
  override name = "RateLimitError";
  declare retryAfter?: number;
  constructor(body: unknown, requestId?: string, retryAfter?: number) {
    super(429, body, requestId, "rate_limit");
    this.retryAfter = retryAfter;
  }
}

/** No answer: DNS, connection refused, reset, or the connection dropped mid-response. */
export class NetworkError extends CompassError {
  override name = "NetworkError";
  constructor(message: string, cause?: unknown) {
    super("network", message, { cause });
  }
}

/** The request (or its retries) took longer than `timeoutMs`. */
export class TimeoutError extends CompassError {
  override name = "TimeoutError";
  constructor(timeoutMs: number) {
    super("timeout", `Request timed out after ${timeoutMs} ms`);
  }
}

/** The caller aborted the call through its `signal`; never retried. `cause` is the signal's reason. */
export class RequestAbortedError extends CompassError {
  override name = "RequestAbortedError";
  constructor(reason?: unknown) {
    super("aborted", "Request aborted by the caller", { cause: reason });
  }
}

/**
 * A 422 that lists fields (`detail: [...]`) is a ValidationError; a 422 that is a business rule in the
 * domain envelope (e.g. "Account not whitelisted") is an ApiError, like every other `{error, message}`.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  requestId?: string,
  retryAfter?: number,
): CompassError {
  const b = body as any;
  if (status === 429) return new RateLimitError(body, requestId, retryAfter);
  const domain = b && typeof b === "object" && typeof b.error === "string" && typeof b.message === "string";
  if (status === 422 && !(domain && !(Array.isArray(b.detail) && b.detail.length)))
    return new ValidationError(body, requestId);
  if (b && typeof b === "object" && typeof b.error === "string" && typeof b.message === "string")
    return new ApiError(status, b, requestId);
  return new HttpError(status, body, requestId);
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}
