import { CompassError, errorFromResponse, NetworkError, TimeoutError } from "./errors.ts";
import { stringifyJson } from "./json.ts";

export interface OperationDescriptor {
  id: string;
  method: "GET" | "POST";
  path: string;
  /** safe to retry without an idempotency key */
  idempotent: boolean;
}

export interface RetryOptions {
  /** attempts after the first (default 2) */
  retries: number;
  /** first backoff in ms, doubled each attempt (default 250) */
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface ClientOptions {
  /** base URL of the API, e.g. https://api.example.com (Node default: $COMPASS_SERVER_URL or http://127.0.0.1:3000) */
  serverURL?: string;
  /** API key sent as `x-api-key` (Node default: $COMPASS_API_KEY_AUTH) */
  apiKeyAuth?: string;
  timeoutMs?: number;
  retries?: number | Partial<RetryOptions>;
  headers?: Record<string, string>;
  /** custom fetch (tests, proxies, in-process servers) */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  timeoutMs?: number;
  retries?: number | Partial<RetryOptions>;
  /** sent as `Idempotency-Key`; makes a POST safe to retry */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface RequestInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

const RETRY_STATUS = new Set([429, 502, 503, 504]);
const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

/** Sends one operation: URL and headers, timeout, retries with backoff, typed errors. */
export class Transport {
  readonly serverURL: string;
  private readonly options: ClientOptions;

  constructor(options: ClientOptions = {}) {
    this.options = options;
    this.serverURL = (options.serverURL ?? env("COMPASS_SERVER_URL") ?? "http://127.0.0.1:3000").replace(
      /\/+$/,
      "",
    );
  }

  async request<T>(
    op: OperationDescriptor,
    input: RequestInput = {},
    options: RequestOptions = {},
  ): Promise<T> {
    const url = this.url(op, input);
    const headers: Record<string, string> = {
      accept: "application/json",
      ...this.options.headers,
      ...options.headers,
    };
    const key = this.options.apiKeyAuth ?? env("COMPASS_API_KEY_AUTH");
    if (key) headers["x-api-key"] = key;
    if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
    let body: string | undefined;
    if (op.method !== "GET") {
      headers["content-type"] = "application/json";
      body = stringifyJson(input.body ?? {});
    }
    const retry = resolveRetry(options.retries ?? this.options.retries);
    const canRetry = op.idempotent || !!options.idempotencyKey;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 30_000;
    for (let attempt = 0; ; attempt++) {
      try {
        return (await this.once(url, op.method, headers, body, timeoutMs, options.signal)) as T;
      } catch (error) {
        const retryable =
          canRetry && attempt < retry.retries && isRetryable(error) && !options.signal?.aborted;
        if (!retryable) throw error;
        await sleep(backoff(error, attempt, retry), options.signal);
      }
    }
  }

  private url(op: OperationDescriptor, input: RequestInput): string {
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = input.params?.[name];
      if (value === undefined || value === "")
        throw new CompassError("validation", `Missing path parameter '${name}'`);
      return encodeURIComponent(String(value));
    });
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(input.query ?? {})) {
      if (v === undefined || v === null) continue;
      for (const item of Array.isArray(v) ? v : [v]) qs.append(k, String(item));
    }
    const q = qs.toString();
    return `${this.serverURL}${path}${q ? `?${q}` : ""}`;
  }

  private async once(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const fetchImpl = this.options.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await fetchImpl(url, { method, headers, body, signal: controller.signal });
      } catch (error) {
        if (timedOut) throw new TimeoutError(timeoutMs);
        if (signal?.aborted) throw new NetworkError("Request aborted", signal.reason ?? error);
        throw new NetworkError(
          `Could not reach ${new URL(url).origin}: ${(error as Error)?.message ?? error}`,
          error,
        );
      }
      const text = await response.text().catch((error) => {
        throw timedOut
          ? new TimeoutError(timeoutMs)
          : new NetworkError("Connection lost while reading the response", error);
      });
      const parsed = parseBody(text);
      if (!response.ok) {
        const err = errorFromResponse(
          response.status,
          parsed,
          response.headers.get("x-request-id") ?? undefined,
        );
        (err as any).retryAfter = response.headers.get("retry-after");
        throw err;
      }
      return parsed;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function resolveRetry(value: number | Partial<RetryOptions> | undefined): RetryOptions {
  const base: RetryOptions = { retries: 2, initialDelayMs: 250, maxDelayMs: 5_000 };
  if (typeof value === "number") return { ...base, retries: value };
  return { ...base, ...value };
}

function isRetryable(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof NetworkError) return !/aborted/.test(error.message);
  return error instanceof CompassError && RETRY_STATUS.has(error.status);
}

function backoff(error: unknown, attempt: number, retry: RetryOptions): number {
  const after = Number((error as any)?.retryAfter);
  if (Number.isFinite(after) && after > 0) return Math.min(after * 1000, retry.maxDelayMs);
  const exp = Math.min(retry.initialDelayMs * 2 ** attempt, retry.maxDelayMs);
  return exp / 2 + Math.random() * (exp / 2);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new NetworkError("Request aborted", signal?.reason));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
