import {
  CompassError,
  errorFromResponse,
  NetworkError,
  parseRetryAfter,
  RequestAbortedError,
  TimeoutError,
} from "./errors.ts";
import { SDK_VERSION } from "./generated/version.ts";
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

/** One attempt about to be sent. `beforeRequest` may change `url` and `headers` (not the body). */
export interface RequestContext {
  operationId: string;
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  /** the JSON text sent (POST) */
  body?: string;
  /** 0 for the first attempt, 1 for the first retry… */
  attempt: number;
}

/** What one attempt got back. `body` is the parsed JSON (or text); `error` is set for non-2xx answers. */
export interface ResponseContext {
  request: RequestContext;
  status: number;
  headers: Headers;
  body: unknown;
  durationMs: number;
  error?: CompassError;
}

export interface Hooks {
  /** called before every attempt (retries included); may edit `ctx.url` and `ctx.headers` in place */
  beforeRequest?: (ctx: RequestContext) => void | Promise<void>;
  /** called after every attempt that got an HTTP answer, successful or not */
  afterResponse?: (ctx: ResponseContext) => void | Promise<void>;
}

/** `debug: true` logs each request and response to `console.error`; a function receives each line. */
export type DebugLogger = boolean | ((line: string) => void);

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
  hooks?: Hooks;
  /** request/response diagnostics (API keys redacted); Node default: on when $COMPASS_DEBUG is set */
  debug?: DebugLogger;
  /** appended to the User-Agent / SDK header, e.g. `my-app/1.2` */
  userAgentSuffix?: string;
}

export interface RequestOptions {
  timeoutMs?: number;
  retries?: number | Partial<RetryOptions>;
  /**
   * sent as `Idempotency-Key`. POSTs get a generated key when none is given, the same one for every retry
   * of the call, so a retried POST never acts twice; pass your own to make a call safe across processes.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface RequestInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The version header every request carries (browsers forbid setting User-Agent, so this is the one they see). */
export const SDK_HEADER = "x-compass-sdk-version";
export { SDK_VERSION };

const RETRY_STATUS = new Set([429, 502, 503, 504]);
const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
const isBrowser = (): boolean =>
  typeof (globalThis as { document?: unknown }).document !== "undefined" &&
  typeof (globalThis as { window?: unknown }).window !== "undefined";

/** A fresh idempotency key (UUID v4). */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const b = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Sends one operation: URL and headers, timeout, retries with backoff, hooks, typed errors. */
export class Transport {
  readonly serverURL: string;
  private readonly options: ClientOptions;
  private readonly log: ((line: string) => void) | undefined;

  constructor(options: ClientOptions = {}) {
    this.options = options;
    this.serverURL = (options.serverURL ?? env("COMPASS_SERVER_URL") ?? "http://127.0.0.1:3000").replace(
      /\/+$/,
      "",
    );
    const debug = options.debug ?? !!env("COMPASS_DEBUG");
    this.log = typeof debug === "function" ? debug : debug ? (line) => console.error(line) : undefined;
  }

  async request<T>(
    op: OperationDescriptor,
    input: RequestInput = {},
    options: RequestOptions = {},
  ): Promise<T> {
    const url = this.url(op, input);
    const agent = `compass-sdk-ts/${SDK_VERSION}${this.options.userAgentSuffix ? ` ${this.options.userAgentSuffix}` : ""}`;
    const headers: Record<string, string> = {
      accept: "application/json",
      [SDK_HEADER]: agent,
      ...(isBrowser() ? {} : { "user-agent": agent }),
      ...lower(this.options.headers),
      ...lower(options.headers),
    };
    const key = this.options.apiKeyAuth ?? env("COMPASS_API_KEY_AUTH");
    if (key) headers["x-api-key"] = key;
    let body: string | undefined;
    if (op.method !== "GET") {
      headers["content-type"] = "application/json";
      body = stringifyJson(input.body ?? {});
      // One key per call, reused by every retry: the server replays the first answer instead of acting twice.
      headers["idempotency-key"] =
        options.idempotencyKey ?? headers["idempotency-key"] ?? newIdempotencyKey();
    } else if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
    const retry = resolveRetry(options.retries ?? this.options.retries);
    const canRetry = op.idempotent || !!headers["idempotency-key"];
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 30_000;
    for (let attempt = 0; ; attempt++) {
      const ctx: RequestContext = {
        operationId: op.id,
        method: op.method,
        url,
        headers: { ...headers },
        body,
        attempt,
      };
      try {
        if (options.signal?.aborted) throw new RequestAbortedError(options.signal.reason);
        await this.options.hooks?.beforeRequest?.(ctx);
        return (await this.once(ctx, timeoutMs, options.signal)) as T;
      } catch (error) {
        const retryable =
          canRetry && attempt < retry.retries && isRetryable(error) && !options.signal?.aborted;
        if (!retryable) throw error;
        const delay = backoff(error, attempt, retry);
        this.log?.(`[compass] retry ${attempt + 1}/${retry.retries} of ${op.id} in ${Math.round(delay)} ms`);
        await sleep(delay, options.signal);
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

  private async once(ctx: RequestContext, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const started = Date.now();
    this.log?.(
      `[compass] > ${ctx.method} ${ctx.url}\n${formatHeaders(ctx.headers)}${ctx.body ? `\n${ctx.body}` : ""}`,
    );
    const failed = (error: unknown): CompassError => {
      if (timedOut) return new TimeoutError(timeoutMs);
      if (signal?.aborted) return new RequestAbortedError(signal.reason ?? error);
      return new NetworkError(
        `Could not reach ${new URL(ctx.url).origin}: ${(error as Error)?.message ?? error}`,
        error,
      );
    };
    try {
      const fetchImpl = this.options.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await fetchImpl(ctx.url, {
          method: ctx.method,
          headers: ctx.headers,
          body: ctx.body,
          signal: controller.signal,
        });
      } catch (error) {
        const e = failed(error);
        this.log?.(`[compass] ! ${ctx.method} ${ctx.url} ${e.name}: ${e.message}`);
        throw e;
      }
      const text = await response.text().catch((error) => {
        throw timedOut || signal?.aborted
          ? failed(error)
          : new NetworkError("Connection lost while reading the response", error);
      });
      const parsed = parseBody(text);
      const durationMs = Date.now() - started;
      this.log?.(
        `[compass] < ${response.status} ${ctx.method} ${ctx.url} (${durationMs} ms)\n${formatHeaders(Object.fromEntries(response.headers))}${text ? `\n${text.length > 4000 ? `${text.slice(0, 4000)}…` : text}` : ""}`,
      );
      let error: CompassError | undefined;
      if (!response.ok) {
        error = errorFromResponse(
          response.status,
          parsed,
          response.headers.get("x-request-id") ?? undefined,
          parseRetryAfter(response.headers.get("retry-after")),
        );
        error.retryAfter ??= parseRetryAfter(response.headers.get("retry-after"));
        error.headers = response.headers;
      }
      await this.options.hooks?.afterResponse?.({
        request: ctx,
        status: response.status,
        headers: response.headers,
        body: parsed,
        durationMs,
        error,
      });
      if (error) throw error;
      return parsed;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}

function lower(h: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Headers for the debug log, with credentials redacted. */
function formatHeaders(h: Record<string, string>): string {
  return Object.entries(h)
    .map(([k, v]) => `  ${k}: ${/^(x-api-key|authorization|cookie|set-cookie)$/i.test(k) ? redact(v) : v}`)
    .join("\n");
}

function redact(v: string): string {
  return v.length > 8 ? `${v.slice(0, 4)}…(redacted)` : "(redacted)";
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
  if (error instanceof TimeoutError || error instanceof NetworkError) return true;
  return error instanceof CompassError && RETRY_STATUS.has(error.status);
}

function backoff(error: unknown, attempt: number, retry: RetryOptions): number {
  const after = (error as CompassError)?.retryAfter;
  if (after !== undefined && Number.isFinite(after) && after >= 0)
    return Math.min(after * 1000, retry.maxDelayMs);
  const exp = Math.min(retry.initialDelayMs * 2 ** attempt, retry.maxDelayMs);
  return exp / 2 + Math.random() * (exp / 2);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new RequestAbortedError(signal?.reason));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
