/**
 * Helpers for writing a twin's main module:
 *
 *   const config = readTwinConfig();
 *   const state = loadState(config, { orders: [] });
 *   await serveTwin(config, async (req, res) => { ... sendJson(res, 200, ...) }, {
 *     onShutdown: () => saveState(config, state),
 *   });
 */
import { fstatSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type DevnetAddressBook, readDevnetAddressBook } from "../addressbook.ts";
import { readJsonIfExists, writeJsonAtomic } from "../fsutil.ts";
import { TWIN_ENV, type TwinConfig } from "./types.ts";

export type { TwinConfig };

export function readTwinConfig(env: NodeJS.ProcessEnv = process.env): TwinConfig {
  const need = (variable: string) => {
    const value = env[variable];
    if (!value) throw new Error(`${variable} is not set — twins are started by the devnet launcher`);
    return value;
  };
  return {
    name: need(TWIN_ENV.name),
    host: "127.0.0.1",
    port: Number(need(TWIN_ENV.port)),
    devnetDir: need(TWIN_ENV.devnetDir),
    addressBookPath: need(TWIN_ENV.addressBookPath),
    twinDir: need(TWIN_ENV.twinDir),
    stateFile: need(TWIN_ENV.stateFile),
    apiKey: env[TWIN_ENV.apiKey] || undefined,
  };
}

/** The twin's persisted state, or `initial` on its first run (or after a devnet reset). */
export function loadState<T>(config: TwinConfig, initial: T): T {
  return readJsonIfExists<T>(config.stateFile) ?? initial;
}

/** Atomic, so a twin killed mid-save restarts from its previous state rather than a torn file. */
export function saveState(config: TwinConfig, state: unknown): void {
  writeJsonAtomic(config.stateFile, state);
}

export function readAddressBook(config: TwinConfig): DevnetAddressBook {
  const book = readDevnetAddressBook(config.addressBookPath);
  if (!book) throw new Error(`no address book at ${config.addressBookPath}`);
  return book;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

export async function readJsonBody<T = unknown>(req: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return (text ? JSON.parse(text) : undefined) as T;
}

export type TwinHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * Serves the twin on its port with GET /health answered here (the launcher's readiness probe), and
 * shuts down cleanly — running `onShutdown`, e.g. a final saveState — on SIGTERM/SIGINT or when
 * stdin closes, which is how a twin notices that the launcher died without stopping it.
 */
export async function serveTwin(
  config: TwinConfig,
  handler: TwinHandler,
  options: { onShutdown?: () => void | Promise<void> } = {},
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/health")
      return sendJson(res, 200, { ok: true, name: config.name });
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) sendJson(res, 500, { error: String((error as Error).message ?? error) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    server.closeAllConnections();
    server.close();
    await options.onShutdown?.();
    process.exit(0);
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  if (stdinIsPipe()) process.stdin.on("end", shutdown).on("close", shutdown).resume();

  console.log(
    JSON.stringify({ ready: true, name: config.name, url: `http://${config.host}:${config.port}` }),
  );
  return server;
}

/** Only a pipe from the launcher signals its death by closing; /dev/null would "close" at once. */
function stdinIsPipe(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}
