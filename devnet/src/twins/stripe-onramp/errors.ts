import type { ServerResponse } from "node:http";
import { sendJson } from "../kit/index.ts";

/** Stripe's error object: `{"error": {"type", "code", "message", "param"}}` with Stripe's status codes. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly type: "invalid_request_error" | "authentication_error" | "idempotency_error" | "api_error",
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code && { code: this.code }),
        ...(this.param && { param: this.param }),
        ...this.extra,
      },
    };
  }
}

export const invalid = (message: string, code: string, param?: string, extra?: Record<string, unknown>) =>
  new ProviderError(400, "invalid_request_error", message, code, param, extra);

export const missing = (param: string) =>
  invalid(`Missing required param: ${param}.`, "parameter_missing", param);

export const notFound = (what: string, id: string, param = "id") =>
  new ProviderError(404, "invalid_request_error", `No such ${what}: '${id}'`, "resource_missing", param);

/** Stripe's replies: indented JSON with a `request-id` header. */
export function sendProviderJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  sendJson(res, status, body, { headers: { "request-id": requestId(), ...headers }, indent: 2 });
}

function requestId(): string {
  return `req_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;
}
