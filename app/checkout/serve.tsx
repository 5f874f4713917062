/**
 * The hosted checkout on the server: the page (rendered by React on the server, hydrated by `entry.tsx`), the
 * payment lookup it makes as the purchase goes on, and its built files. Served by the app's own server ahead of
 * Next, so the page carries React and the widgets but not Next's client runtime.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, normalize } from "node:path";
import { preloadCompassLocale } from "@compass/widgets";
import { renderToPipeableStream } from "react-dom/server";
import { appConfig } from "../lib/config.ts";
import { lookupPayment } from "../lib/onramp.ts";
import { securityHeaders } from "../lib/security-headers.ts";
import { publicChains } from "../lib/wallet/public-chains.ts";
import { hasStoredConnection } from "../lib/wallet/session.ts";
import { ASSET_PREFIX, CHECKOUT_DIST, readManifest } from "./build.ts";
import { type CheckoutData, CheckoutDocument } from "./document.tsx";
import { PAYMENT_LOOKUP_PATH } from "./location.ts";
import { checkoutParams } from "./params.ts";

export const CHECKOUT_PATH = "/onramp/checkout";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** Answers the checkout's requests; false for any other path (the caller passes it on). */
export function serveCheckout(req: IncomingMessage, res: ServerResponse): boolean {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname === CHECKOUT_PATH) void page(req, res, url);
  else if (url.pathname === PAYMENT_LOOKUP_PATH) void payment(res, url);
  else if (url.pathname.startsWith(ASSET_PREFIX)) asset(req, res, url.pathname);
  else return false;
  return true;
}

function methodAllowed(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" }).end("Method Not Allowed");
  return false;
}

async function page(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (!methodAllowed(req, res)) return;
  const manifest = readManifest();
  if (!manifest) {
    res
      .writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "10" })
      .end("The checkout's files are not built yet: run `npm run build`.");
    return;
  }
  const params = checkoutParams(Object.fromEntries(url.searchParams));
  // the widget's messages in the asked language before the render, so the page is in it from the first byte
  // (entry.tsx loads the same before hydrating: no mismatch, no English flash)
  await preloadCompassLocale(params.locale);
  const { env, chains, devWallet } = publicChains();
  const data: CheckoutData = {
    params,
    payment: params.paymentId && !params.unsupported ? await lookupPayment(params.paymentId) : null,
    env,
    chains,
    devWallet,
    reconnect: hasStoredConnection(req.headers.cookie ?? null),
    publishableKey: appConfig().appPublishableKey,
    assets: { script: manifest.script, stylesheet: manifest.stylesheet },
  };
  const nonce = randomBytes(16).toString("base64");
  const headers = {
    ...securityHeaders(CHECKOUT_PATH, nonce),
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
  };
  let failed = false;
  const stream = renderToPipeableStream(<CheckoutDocument data={data} />, {
    nonce,
    bootstrapModules: [manifest.script],
    onAllReady() {
      res.writeHead(failed ? 500 : 200, headers);
      if (req.method === "HEAD") res.end();
      else stream.pipe(res);
    },
    onShellError(error) {
      console.error(JSON.stringify({ level: 50, msg: "checkout render failed", err: String(error) }));
      res
        .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
        .end("The checkout could not be shown.");
    },
    onError(error) {
      failed = true;
      console.error(JSON.stringify({ level: 50, msg: "checkout render error", err: String(error) }));
    },
  });
}

/** The provider's card form for a payment the page just created (the first load looks it up the same way). */
async function payment(res: ServerResponse, url: URL): Promise<void> {
  const id = url.searchParams.get("id") ?? "";
  const valid = checkoutParams({ payment: id }).paymentId;
  const lookup = valid ? await lookupPayment(valid) : ({ ok: false, problem: "not_found" } as const);
  const status = lookup.ok ? 200 : lookup.problem === "not_found" ? 404 : 502;
  res
    .writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
    .end(JSON.stringify(lookup));
}

/** A built file: named by its content's hash, so cached for good; gzip when the browser takes it. */
function asset(req: IncomingMessage, res: ServerResponse, pathname: string): void {
  if (!methodAllowed(req, res)) return;
  const name = normalize(pathname.slice(ASSET_PREFIX.length));
  const type = TYPES[name.slice(name.lastIndexOf("."))];
  if (!type || name.includes("/") || name.startsWith(".")) {
    res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
    return;
  }
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const file = join(CHECKOUT_DIST, gzip ? `${name}.gz` : name);
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
    return;
  }
  res.writeHead(200, {
    "content-type": type,
    "content-length": String(size),
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    vary: "Accept-Encoding",
    ...(gzip ? { "content-encoding": "gzip" } : {}),
  });
  if (req.method === "HEAD") res.end();
  else createReadStream(file).pipe(res);
}
