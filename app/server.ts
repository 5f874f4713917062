/**
 * The shipped server: one node:http listener. `/v0/*`, `/v1/*` and `/v2/*` go straight to the registry's HTTP app
 * (no framework in between), `/mcp` to the MCP endpoint, the hosted checkout to its own renderer (React and the
 * widgets, without Next's client runtime), everything else (docs, the perpetuals page) to Next.
 *
 * Started by `npm start` on a fresh clone, it answers before the pages are built: the launcher lists what is still
 * warming up in `COMPASS_WARMING_FILE` (lib/warming.ts), `/healthz` says it, pages answer 503 with a page that
 * reloads itself, and Next is loaded once the "pages" item is done.
 */

import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HttpApp } from "@compass/api";
import { createMcpHttpHandler } from "@compass/mcp";
import { getRequestListener } from "@hono/node-server";
import { serveCheckout } from "./checkout/serve.tsx";
import { compass } from "./lib/compass.ts";
import { readWarming, warmingItem, warmingReport } from "./lib/warming.ts";

/** The Next app's directory: this file's, or its parent's when running from the bundle in `app/dist/`. */
function appDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return existsSync(join(here, "next.config.ts")) ? here : dirname(here);
}

const API_PATH = /^\/v[012](?:[/?#]|$)/;
const OPENAPI_PATH = /^\/v[02]\/openapi\.json(?:[?#]|$)/;
const MCP_PATH = /^\/mcp(?:[/?#]|$)/;

/**
 * Liveness for load balancers. Loopback callers also get memory and shared-store figures (load tests
 * watch them for unbounded growth); others get only the status.
 */
async function health(req: IncomingMessage, res: ServerResponse, api: HttpApp): Promise<void> {
  const local = ["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(req.socket.remoteAddress ?? "");
  // what the launcher is still doing (npm start answers before it has built the pages): nothing in a deployment
  const body: Record<string, unknown> = { status: "ok", env: api.config.env, ...warmingReport() };
  if (local) {
    // a forced collection (when started with --expose-gc) makes leak checks exact; `collected` says whether one ran,
    // so a checker never reads an uncollected heap as "after GC"
    const gc = (globalThis as { gc?: () => void }).gc;
    const collected = !!req.url?.includes("gc=1") && typeof gc === "function";
    if (collected) gc!();
    const m = process.memoryUsage();
    body.uptime_s = Math.round(process.uptime());
    body.memory = {
      rss: m.rss,
      heap_used: m.heapUsed,
      heap_total: m.heapTotal,
      external: m.external,
      collected,
    };
    body.shared_store = {
      kind: api.services.shared.kind,
      entries: await api.services.shared.size().catch(() => null),
    };
  }
  res
    .writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
    .end(JSON.stringify(body));
}

/**
 * A page asked for while the launcher builds the pages: 503 with Retry-After, and for a browser a page that says so
 * and reloads itself. A failed build is named (the launcher's output has its log).
 */
function pagesWarming(req: IncomingMessage, res: ServerResponse): void {
  const item = warmingItem("pages", readWarming());
  const failed = item && "error" in item;
  const seconds = item ? Math.max(0, Math.round((Date.now() - item.since) / 1000)) : 0;
  const up = "the API under /v1 and /v2, /mcp and the checkout are up";
  const message = failed
    ? `The web app's pages could not be built (${item.error}); ${up}. The launcher's output has the build's log.`
    : item
      ? `The web app's pages are being built (next build, ${seconds} s so far); ${up}.`
      : `The web app's pages are being loaded; ${up}.`;
  const headers = { "cache-control": "no-store", "retry-after": "5" };
  if (!(req.headers.accept ?? "").includes("text/html")) {
    res
      .writeHead(503, { ...headers, "content-type": "application/json" })
      .end(JSON.stringify({ error: failed ? "pages_unavailable" : "warming_up", message }));
    return;
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">${failed ? "" : '<meta http-equiv="refresh" content="5">'}<title>Compass — warming up</title></head><body><p>${message}</p>${failed ? "" : "<p>This page reloads itself.</p>"}</body></html>`;
  res.writeHead(503, { ...headers, "content-type": "text/html; charset=utf-8" }).end(html);
}

/**
 * Whether the launcher's devnet is still living through its market history (`npm start` starts the server beside it):
 * until it is done, the API and MCP answer 503 rather than read rates, prices and positions of a history still being
 * made. Checked at most every 200 ms, and never again once done (a server's history does not start over).
 */
let historyDone = !process.env.COMPASS_WARMING_FILE;
let historyCheckedAt = 0;
function historyWarming(): boolean {
  if (historyDone) return false;
  const now = Date.now();
  if (now - historyCheckedAt >= 200) {
    historyCheckedAt = now;
    historyDone = !readWarming().warming.some((i) => i.name === "history");
  }
  return !historyDone;
}

function historyNotYet(res: ServerResponse): void {
  const item = readWarming().warming.find((i) => i.name === "history");
  const seconds = item ? Math.round((Date.now() - item.since) / 1000) : 0;
  res
    .writeHead(503, { "content-type": "application/json", "cache-control": "no-store", "retry-after": "2" })
    .end(
      JSON.stringify({
        error: "warming_up",
        message: `The devnet is still living through ${item?.what ?? "its market history"} (${seconds} s so far): rates, prices and positions read now would be of a history still being made. Retry in a few seconds; /healthz lists what is warming up.`,
      }),
    );
}

export interface ServerHandle {
  url: string;
  close(graceMs?: number): Promise<void>;
}

export async function startServer(
  opts: { port?: number; host?: string; ui?: boolean } = {},
): Promise<ServerHandle> {
  const port = opts.port ?? Number(process.env.PORT ?? 3000);
  const host = opts.host ?? process.env.HOST ?? "127.0.0.1";
  const api = compass();
  const apiListener = api.listener;
  const mcp = createMcpHttpHandler({
    serverURL: "http://in-process",
    fetch: (input, init) => api.fetch(new Request(input, init)),
  });
  const mcpListener = getRequestListener(mcp);

  let nextHandler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const loadNext = async () => {
    const { default: next } = await import("next");
    const app = next({ dev: false, dir: appDir(), hostname: host, port });
    await app.prepare();
    nextHandler = app.getRequestHandler();
  };
  let pagesPending: NodeJS.Timeout | undefined;
  if (opts.ui !== false) {
    if (!warmingItem("pages")) await loadNext();
    else {
      // the launcher is building the pages: serve them once it is done (a failed build stays reported)
      let loading = false;
      pagesPending = setInterval(() => {
        if (loading || warmingItem("pages")) return;
        loading = true;
        clearInterval(pagesPending);
        loadNext().catch((error: Error) => api.log.error({ err: error }, "could not load the pages"));
      }, 250).unref();
    }
  }

  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (API_PATH.test(url)) {
      if (historyWarming() && !OPENAPI_PATH.test(url)) return void historyNotYet(res);
      return void apiListener(req, res);
    }
    if (MCP_PATH.test(url)) {
      if (historyWarming()) return void historyNotYet(res);
      return void mcpListener(req, res);
    }
    if (url === "/healthz" || url.startsWith("/healthz?")) return void health(req, res, api);
    if (opts.ui !== false) {
      // the hosted checkout is served outside Next's client runtime (checkout/serve.tsx); every other page by Next
      if (serveCheckout(req, res)) return;
      if (nextHandler) return void nextHandler(req, res);
      return void pagesWarming(req, res);
    }
    res.writeHead(404, { "content-type": "application/json" }).end('{"detail":"Not Found"}');
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`Port ${port} on ${host} is already in use (set PORT to another port)`)
          : error,
      ),
    );
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${port}`;
  api.log.info({ url, env: api.config.env, ui: opts.ui !== false, pages: !!nextHandler }, "listening");
  return {
    url,
    // Stop taking connections and let requests in flight finish; a connection still open after the grace
    // period (a client's keep-alive, an MCP stream) is closed rather than holding the process forever.
    close: (graceMs = 5_000) =>
      new Promise((resolve) => {
        clearInterval(pagesPending);
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const handle = await startServer({ ui: process.env.COMPASS_UI !== "0" });
  const stop = () => handle.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  // Started by a launcher (npm start, npm test): exit when its stdin pipe closes, even if it was SIGKILLed.
  if (process.env.COMPASS_EXIT_WITH_PARENT === "1")
    process.stdin
      .on("close", () => process.exit(0))
      .on("end", () => process.exit(0))
      .resume();
}
