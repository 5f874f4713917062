import { UpstreamError } from "../errors.ts";
import { type HttpCallResult, httpCall } from "./http-call.ts";

/** Who is being called: names every error the caller's user may see. */
export interface UpstreamTarget {
  /** service key (`onramp`, `venue`, `issuer`…), also the `COMPASS_<NAME>_URL` override */
  service: string;
  /** what people call it, in sentences: "The on-ramp provider" */
  title: string;
  /** the error label of its outages: `{"error": label}` */
  label: string;
  /** base URL; `undefined` when the deployment configures none (a 502 naming the variable) */
  url: string | undefined;
  timeoutMs: number;
}

export interface UpstreamRequest {
  method: "GET" | "POST";
  /** path and query, appended to the target's base URL */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /**
   * Repeat once after a connection failure or a 5xx. Only for requests the upstream may see twice
   * (reads, or writes carrying an idempotency key); never after a timeout, which may have landed.
   */
  retry?: boolean;
}

export interface UpstreamReply extends HttpCallResult {
  /** the body parsed as JSON; `undefined` when it is not JSON */
  json: unknown;
}

const RETRY_DELAY_MS = 100;

/**
 * One request to an outside system, the way every adapter makes it: kept-alive connections, the
 * deployment's timeout (and the caller's abort), at most one retry when asked, and failures mapped to
 * errors that name the system and its reason — 504 when it did not answer in time, 502 when it was
 * unreachable, answered 5xx/429 or not configured. Other answers (2xx–4xx) are the adapter's to read.
 */
export async function upstreamRequest(target: UpstreamTarget, req: UpstreamRequest): Promise<UpstreamReply> {
  if (!target.url)
    throw new UpstreamError(
      target.service,
      `No ${target.title.replace(/^The /, "").toLowerCase()} is configured (COMPASS_${target.service.toUpperCase()}_URL)`,
      target.label,
    );
  const url = new URL(`${target.url.replace(/\/$/, "")}${req.path}`);
  let attempt = 0;
  for (;;) {
    const timeout = AbortSignal.timeout(target.timeoutMs);
    const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
    let reply: HttpCallResult;
    try {
      reply = await httpCall(url, {
        method: req.method,
        headers: {
          accept: "application/json",
          ...req.headers,
          ...(req.body !== undefined && { "content-length": String(Buffer.byteLength(req.body)) }),
        },
        body: req.body,
        signal,
      });
    } catch (error) {
      if (req.signal?.aborted) throw req.signal.reason ?? error;
      if (timeout.aborted)
        throw new UpstreamError(
          target.service,
          `${target.title} did not answer within ${target.timeoutMs} ms`,
          target.label,
          504,
        );
      if (req.retry && attempt++ === 0) {
        await delay(RETRY_DELAY_MS);
        continue;
      }
      throw new UpstreamError(
        target.service,
        `${target.title} is unreachable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        target.label,
      );
    }
    if (reply.status >= 500 || reply.status === 429) {
      if (req.retry && reply.status !== 429 && attempt++ === 0) {
        await delay(RETRY_DELAY_MS);
        continue;
      }
      throw new UpstreamError(
        target.service,
        `${target.title} answered HTTP ${reply.status}${reason(reply.text)}`,
        target.label,
      );
    }
    return { ...reply, json: parseJson(reply.text) };
  }
}

/** The upstream's own words, short: its JSON error message, else the start of its body. */
function reason(text: string): string {
  const body = parseJson(text) as { error?: { message?: unknown } | string; message?: unknown } | undefined;
  const said =
    (typeof body?.error === "object" && body.error?.message) ||
    (typeof body?.error === "string" && body.error) ||
    body?.message ||
    text.trim();
  const line = String(said).replace(/\s+/g, " ").slice(0, 200);
  return line ? `: ${line}` : "";
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
