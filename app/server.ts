/**
 * The shipped server: one node:http listener. `/v0/*`, `/v1/*` and `/v2/*` go straight to the registry's HTTP app
 * (no framework in between), `/mcp` to the MCP endpoint, the hosted checkout to its own renderer (React and the
 * widgets, without Next's client runtime), everything else (docs, the perpetuals page) to Next.
 */

import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HttpApp } from "@compass/api";
import { createMcpHttpHandler } from "@compass/mcp";
import { getRequestListener } from "@hono/node-server";
import next from "next";
import { serveCheckout } from "./checkout/serve.tsx";
import { compass } from "./lib/compass.ts";

/** The Next app's directory: this file's, or its parent's when running from the bundle in `app/dist/`. */
function appDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return existsSync(join(here, "next.config.ts")) ? here : dirname(here);
}

const API_PATH = /^\/v[012](?:[/?#]|$)/;
const MCP_PATH = /^\/mcp(?:[/?#]|$)/;

/**
 * Liveness for load balancers. Loopback callers also get memory and shared-store figures (load tests
 * watch them for unbounded growth); others get only the status.
 */
async function health(req: IncomingMessage, res: ServerResponse, api: HttpApp): Promise<void> {
  const local = ["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(req.socket.remoteAddress ?? "");
  const body: Record<string, unknown> = { status: "ok", env: api.config.env };
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
  if (opts.ui !== false) {
    const app = next({ dev: false, dir: appDir(), hostname: host, port });
    await app.prepare();
    nextHandler = app.getRequestHandler();
  }

  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (API_PATH.test(url)) return void apiListener(req, res);
    if (MCP_PATH.test(url)) return void mcpListener(req, res);
    if (url === "/healthz" || url.startsWith("/healthz?")) return void health(req, res, api);
    if (nextHandler) {
      // the hosted checkout is served outside Next's client runtime (checkout/serve.tsx); every other page by Next
      if (serveCheckout(req, res)) return;
      return void nextHandler(req, res);
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
  api.log.info({ url, env: api.config.env, ui: !!nextHandler }, "listening");
  return {
    url,
    // Stop taking connections and let requests in flight finish; a connection still open after the grace
    // period (a client's keep-alive, an MCP stream) is closed rather than holding the process forever.
    close: (graceMs = 5_000) =>
      new Promise((resolve) => {
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
