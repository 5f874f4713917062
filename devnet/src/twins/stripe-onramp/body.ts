import type { IncomingMessage } from "node:http";
import { HttpError, readBody } from "../kit/index.ts";
import { invalid } from "./errors.ts";

const MAX_BODY = 64 * 1024;

/** A form body (Stripe's encoding) or, for convenience, a flat JSON object; both end as URLSearchParams. */
export async function readParams(req: IncomingMessage): Promise<URLSearchParams> {
  const text = await readBody(req, MAX_BODY).catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 413
      ? invalid("Request body too large.", "body_too_large")
      : error;
  });
  if (!/json/i.test(req.headers["content-type"] ?? "")) return new URLSearchParams(text);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw invalid("Invalid JSON body.", "parameter_invalid");
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (v && typeof v === "object" && !Array.isArray(v))
      for (const [sub, x] of Object.entries(v)) params.append(`${k}[${sub}]`, String(x));
    else if (Array.isArray(v)) for (const x of v) params.append(`${k}[]`, String(x));
    else if (v !== undefined && v !== null) params.append(k, String(v));
  }
  return params;
}
