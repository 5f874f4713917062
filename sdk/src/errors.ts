/** Typed errors: every failure of a call is one of these, carrying the status, the body and the cause. */
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export type CompassErrorType = "validation" | "api" | "http" | "network" | "timeout";

export class CompassError extends Error {
  override name = "CompassError";
  readonly kind: CompassErrorType;
  /** HTTP status, or 0 when no response arrived */
  readonly status: number;
  /** parsed response body (or text) */
  readonly body: unknown;
  readonly shortMessage: string;
  readonly requestId?: string;

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

/** 422: the request did not validate. `detail` names each offending field. */
export class ValidationError extends CompassError {
  override name = "ValidationError";
  readonly detail: ValidationDetail[];
  constructor(body: any, requestId?: string) {
    const detail: ValidationDetail[] = Array.isArray(body?.detail) ? body.detail : [];
    const msg =
      typeof body?.message === "string"
        ? body.message
        : detail.map((d) => `${d.loc.slice(1).join(".") || d.loc.join(".")}: ${d.msg}`).join("; ");
    super("validation", msg || "Request validation failed", { status: 422, body, requestId });
    this.detail = detail;
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

/** Any other non-2xx answer (`{"detail": "..."}` bodies, 401, 404, 405, 413, 429, 5xx). */
export class HttpError extends CompassError {
  override name = "HttpError";
  constructor(status: number, body: unknown, requestId?: string) {
    const detail = (body as any)?.detail;
    super("http", typeof detail === "string" ? detail : `HTTP ${status}`, { status, body, requestId });
  }
}

/** No answer: DNS, connection refused, reset, or aborted by the caller. */
export class NetworkError extends CompassError {
  override name = "NetworkError";
  constructor(message: string, cause?: unknown) {
    super("network", message, { cause });
  }
}

export class TimeoutError extends CompassError {
  override name = "TimeoutError";
  constructor(timeoutMs: number) {
    super("timeout", `Request timed out after ${timeoutMs} ms`);
  }
}

/**
 * A 422 that lists fields (`detail: [...]`) is a ValidationError; a 422 that is a business rule in the
 * domain envelope (e.g. "Account not whitelisted") is an ApiError, like every other `{error, message}`.
 */
export function errorFromResponse(status: number, body: unknown, requestId?: string): CompassError {
  const b = body as any;
  const domain = b && typeof b === "object" && typeof b.error === "string" && typeof b.message === "string";
  if (status === 422 && !(domain && !(Array.isArray(b.detail) && b.detail.length)))
    return new ValidationError(body, requestId);
  if (b && typeof b === "object" && typeof b.error === "string" && typeof b.message === "string")
    return new ApiError(status, b, requestId);
  return new HttpError(status, body, requestId);
}
