import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleAdmin } from "./admin.ts";
import { handleExchange } from "./exchange/handle.ts";
import { HttpError, readJson, sendJson, sendPreflight, sendText } from "./http.ts";
import { handleInfo } from "./info/dispatch.ts";
import { ShapeError } from "./signing/fields.ts";
import type { Venue } from "./venue.ts";

/**
 * The venue's HTTP surface on node:http: POST /info and POST /exchange exactly as the venue
 * speaks them (so switching to production is a URL change), GET /health for the devnet launcher,
 * and the devnet-only admin surface under /_twin/.
 */
export interface ServeOptions {
  host?: string;
  /** 0 = any free port */
  port?: number;
  /** required on /_twin/* when set */
  adminKey?: string;
}

export interface VenueHttp {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function serveVenue(venue: Venue, options: ServeOptions = {}): Promise<VenueHttp> {
  const server = createServer((req, res) => {
    handle(venue, req, res, options).catch((error: unknown) => {
      if (!res.headersSent) {
        if (error instanceof ShapeError) sendText(res, 422, error.message);
        else if (error instanceof HttpError) {
          if (error.text) sendText(res, error.status, error.message);
          else sendJson(res, error.status, { error: error.message });
        } else {
          console.error("venue:", error);
          sendJson(res, 500, { error: String((error as Error)?.message ?? error) });
        }
      } else res.end();
    });
  });
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  // Funding, liquidations and maker fills also happen while nobody is asking.
  const ticker = setInterval(() => {
    try {
      venue.sync();
    } catch (error) {
      console.error("venue: background sync failed", error);
    }
  }, 1_000);
  ticker.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    server,
    close: async () => {
      clearInterval(ticker);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function handle(
  venue: Venue,
  req: IncomingMessage,
  res: ServerResponse,
  options: ServeOptions,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://venue");
  if (req.method === "OPTIONS") return sendPreflight(res);
  if (url.pathname.startsWith("/_twin/"))
    return sendJson(res, 200, await handleAdmin(venue, req, url, options.adminKey));
  const route = `${req.method} ${url.pathname}`;
  switch (route) {
    case "GET /health":
      return sendJson(res, 200, { ok: true, name: "venue", network: venue.network, time: venue.clock.now() });
    case "POST /info": {
      const body = await readJson(req);
      venue.sync();
      return sendJson(res, 200, handleInfo(venue.core, body));
    }
    case "POST /exchange": {
      const body = await readJson(req);
      const outcome = await handleExchange(venue, body);
      venue.store.markDirty();
      if (outcome.durable) await venue.store.flush();
      if (outcome.payout) venue.payoutQueued();
      return sendJson(res, 200, outcome.reply);
    }
    default:
      throw new HttpError(404, `no route ${route}`);
  }
}
