import { UpstreamError } from "../../errors.ts";
import { type HttpCallResult, httpCall } from "../../upstream/http-call.ts";

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
 * One call to a Stripe-style API: Bearer secret key, form-encoded parameters (`a[b]=c`), JSON back. A
 * connection failure, timeout or 5xx is a 502 "On-ramp provider unavailable"; other answers are returned.
 */
export async function stripeRequest(
  endpoint: StripeEndpoint,
  method: "GET" | "POST",
  path: string,
  params: Record<string, string | undefined>,
  options: { signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<StripeReply> {
  if (!endpoint.url)
    throw new UpstreamError("onramp", "No on-ramp provider is configured (COMPASS_ONRAMP_URL)", UNAVAILABLE);
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) form.append(k, v);
  const url = `${endpoint.url.replace(/\/$/, "")}${path}${method === "GET" && form.size ? `?${form}` : ""}`;
  const timeout = AbortSignal.timeout(endpoint.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const body = method === "POST" ? form.toString() : undefined;
  let res: HttpCallResult;
  try {
    res = await httpCall(new URL(url), {
      method,
      headers: {
        accept: "application/json",
        ...(endpoint.apiKey && { authorization: `Bearer ${endpoint.apiKey}` }),
        ...(body !== undefined && {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
        }),
        ...(options.idempotencyKey && { "idempotency-key": options.idempotencyKey }),
      },
      body,
      signal,
    });
  } catch {
    const why = timeout.aborted ? "did not answer in time" : "is unreachable";
    throw new UpstreamError("onramp", `The on-ramp provider ${why}`, UNAVAILABLE);
  }
  let parsed: any = null;
  try {
    parsed = res.text ? JSON.parse(res.text) : null;
  } catch {}
  if (res.status >= 500 || res.status === 429 || parsed === null)
    throw new UpstreamError("onramp", `The on-ramp provider answered HTTP ${res.status}`, UNAVAILABLE);
  return { status: res.status, body: parsed, replayed: res.headers["idempotent-replayed"] === "true" };
}
