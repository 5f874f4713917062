import { UpstreamError } from "../../http/errors.ts";

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
  const signals = [AbortSignal.timeout(endpoint.timeoutMs), ...(options.signal ? [options.signal] : [])];
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        accept: "application/json",
        ...(endpoint.apiKey && { authorization: `Bearer ${endpoint.apiKey}` }),
        ...(method === "POST" && { "content-type": "application/x-www-form-urlencoded" }),
        ...(options.idempotencyKey && { "idempotency-key": options.idempotencyKey }),
      },
      body: method === "POST" ? form : undefined,
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    const why = (error as Error)?.name === "TimeoutError" ? "did not answer in time" : "is unreachable";
    throw new UpstreamError("onramp", `The on-ramp provider ${why}`, UNAVAILABLE);
  }
  const text = await res.text().catch(() => "");
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  if (res.status >= 500 || res.status === 429 || body === null)
    throw new UpstreamError("onramp", `The on-ramp provider answered HTTP ${res.status}`, UNAVAILABLE);
  return { status: res.status, body, replayed: res.headers.get("idempotent-replayed") === "true" };
}
