import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError, listen, type TwinHandler, type TwinServer } from "../kit/index.ts";
import { handleAdmin } from "./admin.ts";
import { handleExchange } from "./exchange/handle.ts";
import { CORS, readJson, sendJson, sendPreflight, sendText } from "./http.ts";
import { handleInfo } from "./info/dispatch.ts";
import { ShapeError } from "./signing/fields.ts";
import type { Venue } from "./venue.ts";

/**
 * The venue's HTTP surface, served with the twin kit: POST /info and POST /exchange exactly as the venue
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

export async function serveVenue(venue: Venue, options: ServeOptions = {}): Promise<TwinServer> {
  const http = await listen(venueHandler(venue, options.adminKey), {
    name: "venue",
    host: options.host,
    port: options.port,
    health: () => ({ network: venue.network, time: venue.clock.now() }),
    headers: CORS,
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
  return {
    ...http,
    close: () => {
      clearInterval(ticker);
      return http.close();
    },
  };
}

/** The venue answers a body it cannot read as text (422); the kit answers HttpErrors and the rest. */
function venueHandler(venue: Venue, adminKey: string | undefined): TwinHandler {
  return (req, res) =>
    handle(venue, req, res, adminKey).catch((error: unknown) => {
      if (!(error instanceof ShapeError) || res.headersSent) throw error;
      sendText(res, 422, error.message);
    });
}

async function handle(
  venue: Venue,
  req: IncomingMessage,
  res: ServerResponse,
  adminKey: string | undefined,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://venue");
  if (req.method === "OPTIONS") return sendPreflight(res);
  if (url.pathname.startsWith("/_twin/"))
    return sendJson(res, 200, await handleAdmin(venue, req, url, adminKey));
  const route = `${req.method} ${url.pathname}`;
  switch (route) {
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
