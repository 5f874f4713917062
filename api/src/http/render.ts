import type { Logger } from "pino";
import {
  ApiError,
  DomainError,
  describeIssues,
  RequestValidationError,
  UpstreamError,
  type ValidationIssue,
} from "../kernel/errors.ts";
import type { Operation } from "../kernel/registry/define.ts";

const STATUS_LABEL: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Validation error",
  429: "Too many requests",
  502: "Upstream unavailable",
  503: "Service unavailable",
};

export function renderValidation(
  issues: ValidationIssue[],
  op: Operation | undefined,
): { status: number; body: unknown } {
  if (op?.errorModel === "domain")
    return {
      status: 422,
      body: { error: "Validation error", message: describeIssues(issues), detail: issues },
    };
  return { status: 422, body: { detail: issues } };
}

/** Render any thrown value in the envelope the operation declares. Unknown errors are 500 and logged. */
export function renderError(
  error: unknown,
  op: Operation | undefined,
  log: Logger,
  requestId: string,
): { status: number; body: unknown; headers?: Record<string, string> } {
  const domain = op?.errorModel === "domain" || op?.errorModel === "mixed";
  if (error instanceof RequestValidationError) return renderValidation(error.issues, op);
  if (error instanceof DomainError) {
    // A 422 of a validation-model operation keeps the HTTPValidationError shape its clients parse.
    if (!domain && error.status === 422)
      return renderValidation(
        [{ loc: [op?.method === "GET" ? "query" : "body"], msg: error.message, type: "value_error" }],
        op,
      );
    return {
      status: error.status,
      body: domain
        ? { error: error.label, message: error.message, ...error.extra }
        : { detail: error.message, ...error.extra },
    };
  }
  if (error instanceof UpstreamError) {
    log.warn({ reqId: requestId, service: error.service, err: error.message }, "upstream failure");
    return {
      status: error.status,
      ...(error.retryAfter !== undefined && { headers: { "retry-after": String(error.retryAfter) } }),
      body: domain ? { error: error.label, message: error.message } : { detail: error.message },
    };
  }
  if (error instanceof ApiError) {
    const issues = error.extra.issues as ValidationIssue[] | undefined;
    const headers = error.extra.headers as Record<string, string> | undefined;
    if (domain)
      return {
        status: error.status,
        headers,
        body: {
          error: STATUS_LABEL[error.status] ?? "Error",
          message: error.message,
          ...(issues && { detail: issues }),
        },
      };
    return { status: error.status, headers, body: { detail: issues ?? error.message } };
  }
  log.error(
    {
      reqId: requestId,
      op: op?.operationId,
      err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
    },
    "unhandled error",
  );
  // logs are buffered for throughput; an unhandled error is written out now, not with the next 4 KB of logs
  log.flush();
  return {
    status: 500,
    body: domain
      ? { error: "Internal error", message: `Unexpected server error (request ${requestId})` }
      : { detail: "Internal Server Error" },
  };
}
