import { UpstreamError } from "../../../kernel/errors.ts";
import { upstreamRequest } from "../../../kernel/upstream/request.ts";

export const UNAVAILABLE = "On-ramp provider unavailable";

export interface StripeEndpoint {
  url?: string;
  apiKey?: string;
  timeoutMs: number;
}

export interface StripeReply {
  status: number;
  body: any;
  replayed: boolean;
}

/**
 * One call to a Stripe-style API: Bearer secret key, form-encoded parameters (`a[b]=c`), JSON back. An
 * outage is a 502 "On-ramp provider unavailable" (504 when it did not answer in time); a non-JSON answer
 * is one too. Other answers are returned for the adapter to read.
 */
export async function stripeRequest(
  endpoint: StripeEndpoint,
  method: "GET" | "POST",
  path: string,
  params: Record<string, string | undefined>,
  options: { signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<StripeReply> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) form.append(k, v);
  const body = method === "POST" ? form.toString() : undefined;
  const target = {
    service: "onramp",
    title: "The on-ramp provider",
    label: UNAVAILABLE,
    url: endpoint.url,
    timeoutMs: endpoint.timeoutMs,
  };
  const res = await upstreamRequest(target, {
    method,
    path: `${path}${method === "GET" && form.size ? `?${form}` : ""}`,
    headers: {
      ...(endpoint.apiKey && { authorization: `Bearer ${endpoint.apiKey}` }),
      ...(body !== undefined && { "content-type": "application/x-www-form-urlencoded" }),
      ...(options.idempotencyKey && { "idempotency-key": options.idempotencyKey }),
    },
    body,
    signal: options.signal,
    // reads, and creates under an Idempotency-Key, are safe to repeat
    retry: method === "GET" || !!options.idempotencyKey,
  });
  if (res.json === undefined) return upstreamNotJson(res.status);
  return { status: res.status, body: res.json, replayed: res.headers["idempotent-replayed"] === "true" };
}

function upstreamNotJson(status: number): never {
  throw new UpstreamError("onramp", `The on-ramp provider answered HTTP ${status} without JSON`, UNAVAILABLE);
}
