import type { IncomingMessage } from "node:http";
import { invalid } from "./errors.ts";

const MAX_BODY = 64 * 1024;

/** A form body (Stripe's encoding) or, for convenience, a flat JSON object; both end as URLSearchParams. */
export async function readParams(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw invalid("Request body too large.", "body_too_large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
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
