import type { TwinConfig } from "../types.ts";
import { announceReady, exitWith } from "./process.ts";
import { type ListenOptions, listen, type TwinHandler, type TwinServer } from "./server.ts";

export interface ServeOptions extends Pick<ListenOptions, "health" | "headers"> {
  /** runs on shutdown after the server closed, e.g. a final saveState */
  onShutdown?: () => void | Promise<void>;
}

/**
 * The whole life of a simple twin: serve `handler` on the configured port (with GET /health), print the
 * ready line, and on SIGTERM/SIGINT or the launcher's death close the server, run `onShutdown`, exit.
 */
export async function serveTwin(
  config: TwinConfig,
  handler: TwinHandler,
  options: ServeOptions = {},
): Promise<TwinServer> {
  const http = await listen(handler, {
    name: config.name,
    host: config.host,
    port: config.port,
    health: options.health,
    headers: options.headers,
  });
  exitWith(async () => {
    await http.close();
    await options.onShutdown?.();
  });
  announceReady(config.name, http.url);
  return http;
}
