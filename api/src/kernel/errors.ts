/**
 * Errors are values with a shape. Domain code throws these; the HTTP layer renders them in the envelope
 * the operation declares: FastAPI's `{"detail": [...]}` for validation, `{"error", "message"}` for domain
 * errors, or a plain `{"detail": "<string>"}`.
 */
export type Loc = (string | number)[];
export interface ValidationIssue {
  loc: Loc;
  msg: string;
  type: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** 422 from schema validation (or a rule that belongs to one field). */
export class RequestValidationError extends ApiError {
  constructor(readonly issues: ValidationIssue[]) {
    super(422, describeIssues(issues));
  }
}

/** `{"error": label, "message": message}` with the given status. */
export class DomainError extends ApiError {
  constructor(
    status: number,
    readonly label: string,
    message?: string,
    extra: Record<string, unknown> = {},
  ) {
    super(status, message ?? label, extra);
  }
}

/** An outside system (chain, provider, venue, issuer) could not be reached or answered badly. */
export class UpstreamError extends ApiError {
  constructor(
    readonly service: string,
    message: string,
    readonly label = `${service} unavailable`,
    status = 502,
    /** seconds a client should wait before asking again (a 503's Retry-After) */
    readonly retryAfter?: number,
  ) {
    super(status, message);
  }
}

export function fieldError(loc: Loc, msg: string, type = "value_error"): RequestValidationError {
  return new RequestValidationError([{ loc, msg, type }]);
}

export function describeIssues(issues: ValidationIssue[]): string {
  return issues
    .map((i) => {
      const field = i.loc
        .filter((p, n) => !(n === 0 && (p === "body" || p === "query" || p === "path")))
        .join(".");
      return field ? `${field}: ${i.msg}` : i.msg;
    })
    .join("; ");
}
