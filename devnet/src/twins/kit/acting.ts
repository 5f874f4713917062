import type { TwinConfig } from "../types.ts";
import { HttpError, sendJson } from "./http.ts";
import { serveTwin } from "./serve.ts";
import type { TwinHandler, TwinServer } from "./server.ts";

/**
 * Passes of a twin's work one after another: each call runs a fresh pass once the one in flight (if any) has
 * ended, so a caller that has just moved the clock (`time advance` → POST /_twin/tick) gets a pass that reads the
 * new time, never one that read the clock before it moved; the poll loop calls again only after its pass ended.
 */
export function passes(pass: () => Promise<void>): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    const next = last.then(pass);
    last = next.catch(() => {});
    return next;
  };
}

/** A twin that acts on devnet time (an issuer's desk, a vault's manager, a relay's fills). */
export interface Acting {
  /** one pass of its work (see `passes`), run every `pollMs` and on POST /_twin/tick */
  tick(): Promise<unknown>;
  /** how long after one pass ends the next starts, ms */
  pollMs: number;
  /** on shutdown, after the loop stopped and the server closed: save the state */
  save(): void;
}

/**
 * `serveTwin` for a twin that acts on devnet time: serves `handler`, then runs `tick` every `pollMs` (a failed
 * pass is logged and the next one tries again), and on shutdown stops the loop and saves.
 */
export async function serveActing(
  config: TwinConfig,
  handler: TwinHandler,
  acting: Acting,
): Promise<TwinServer> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const loop = () => {
    acting
      .tick()
      .catch((error: unknown) => console.error(`${config.name} pass failed: ${(error as Error).message}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, acting.pollMs);
      });
  };
  const server = await serveTwin(config, handler, {
    onShutdown: () => {
      stopped = true;
      clearTimeout(timer);
      acting.save();
    },
  });
  loop();
  return server;
}

export interface Controls {
  tick(): Promise<unknown>;
  /** GET /_twin/state answers it */
  state: unknown;
  /** the answer to POST /_twin/tick once the pass is done */
  ticked(): unknown;
  /** the twin's other controls: the JSON answer, or undefined when `method path` is none of them (404) */
  more?(method: string, path: string): Promise<unknown>;
}

/**
 * The HTTP surface of an acting twin that has no API of its own, only the devnet's controls, every one behind
 * its `x-api-key`: POST /_twin/tick runs a pass now (`time advance` calls it), GET /_twin/state shows the state,
 * `more` answers the twin's own controls (a JSON value, or undefined for "no such route": 404).
 */
export function controlRoutes(config: TwinConfig, controls: Controls): TwinHandler {
  return async (req, res) => {
    const path = new URL(req.url ?? "/", "http://twin").pathname;
    if (config.apiKey && req.headers["x-api-key"] !== config.apiKey)
      throw new HttpError(401, "missing or invalid x-api-key");
    if (req.method === "POST" && path === "/_twin/tick") {
      await controls.tick();
      return sendJson(res, 200, controls.ticked());
    }
    if (req.method === "GET" && path === "/_twin/state") return sendJson(res, 200, controls.state);
    const answer = await controls.more?.(req.method ?? "GET", path);
    if (answer !== undefined) return sendJson(res, 200, answer);
    throw new HttpError(404, `no route for ${req.method} ${path}`);
  };
}

/**
 * A twin whose system is not part of this devnet (it runs a subset of chains): it stays up — the launcher waits
 * for every twin's /health — and answers every request 503 with `why`.
 */
export function serveAbsent(config: TwinConfig, why: string): Promise<TwinServer> {
  return serveTwin(config, (_req, res) => sendJson(res, 503, { error: why }));
}
