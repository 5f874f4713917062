import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { HttpError, sendJson } from "./http.ts";

export type TwinHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface ListenOptions {
  /** answered on GET /health as `name` */
  name: string;
  host?: string;
  /** 0 (the default) picks a free port: in-process tests */
  port?: number;
  /** extra fields of the GET /health answer, e.g. the twin's clock */
  health?: () => Record<string, unknown>;
  /** headers on the replies the kit writes itself (health, errors), e.g. an API's CORS headers */
  headers?: Record<string, string>;
}

export interface TwinServer {
  url: string;
  server: Server;
  /** stops accepting, drops idle keep-alive connections, resolves once closed */
  close(): Promise<void>;
}

/**
 * A twin's HTTP server: GET /health answered here (the launcher's readiness probe), everything else by
 * `handler`. A handler that throws gets its HttpError answered as `{"error": message}` with its status, and
 * anything else as a logged 500 — a twin never leaves a request hanging.
 */
export async function listen(handler: TwinHandler, options: ListenOptions): Promise<TwinServer> {
  const headers = options.headers ?? {};
  const server = createServer((req, res) => {
    if (req.method === "GET" && new URL(req.url ?? "/", "http://twin").pathname === "/health")
      return sendJson(res, 200, { ok: true, name: options.name, ...options.health?.() }, { headers });
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error: unknown) => {
        if (res.headersSent) return void res.end();
        if (error instanceof HttpError)
          return sendJson(res, error.status, { error: error.message }, { headers });
        console.error(`${options.name}:`, error);
        sendJson(res, 500, { error: String((error as Error)?.message ?? error) }, { headers });
      });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
