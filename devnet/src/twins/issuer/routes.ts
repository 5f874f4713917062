import type { IncomingMessage, ServerResponse } from "node:http";
import { MMF_SYMBOL } from "@compass/api/tokenized/mmf";
import { getAddress, isAddress } from "viem";
import { readJsonBody, sendJson } from "../runtime.ts";
import type { Issuer } from "./issuer.ts";
import { portalPage } from "./portal.ts";
import { accountView, FUND_NAME, fundView, orderView } from "./views.ts";

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function addressParam(value: unknown): `0x${string}` {
  if (typeof value !== "string" || !isAddress(value, { strict: false }))
    throw new HttpError(422, "account must be a 0x address");
  return getAddress(value.toLowerCase());
}

/**
 * The issuer's HTTP surface: a distributor API under /v1 (x-api-key), the connect portal (page and
 * its endpoints), and /_twin controls for the devnet.
 */
export function issuerRoutes(issuer: Issuer, apiKey: string | undefined, portalUrl: string) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://issuer");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    try {
      const keyed = path.startsWith("/v1/") || path.startsWith("/_twin/");
      if (keyed && apiKey && req.headers["x-api-key"] !== apiKey)
        throw new HttpError(401, "missing or invalid x-api-key");
      const body = req.method === "POST" ? ((await readJsonBody<Record<string, unknown>>(req)) ?? {}) : {};
      const result = await route(req.method ?? "GET", path, url, body);
      if (typeof result === "string") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(result);
      } else sendJson(res, 200, result);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : error instanceof SyntaxError ? 400 : 500;
      if (status === 500) console.error(error);
      sendJson(res, status, { error: (error as Error).message });
    }
  };

  async function route(method: string, path: string, url: URL, body: Record<string, unknown>) {
    const state = issuer.state;
    const fund = (symbol: string | undefined) => {
      if (symbol !== MMF_SYMBOL) throw new HttpError(404, `unknown fund ${symbol}`);
    };
    let m: RegExpExecArray | null;
    if (method === "GET" && path === "/portal") return portalPage(FUND_NAME);
    if (method === "GET" && path === "/portal/api/accounts")
      return {
        accounts: Object.entries(state.accounts).map(([a, acc]) =>
          accountView(getAddress(a), acc, portalUrl),
        ),
      };
    if (method === "POST" && path === "/portal/api/register") {
      const account = await issuer.register(addressParam(body.account), (body.entity_name as string) ?? null);
      return accountView(account.address, account, portalUrl);
    }
    if (method === "POST" && (m = /^\/portal\/api\/(approve|reject)$/.exec(path))) {
      const account = await issuer.decide(addressParam(body.account), m[1] === "approve");
      return accountView(account.address, account, portalUrl);
    }
    if (method === "GET" && path === "/v1/funds")
      return { funds: [await fundView(issuer.chain, state, await issuer.now())] };
    if (method === "GET" && (m = /^\/v1\/funds\/([^/]+)$/.exec(path))) {
      fund(m[1]);
      return fundView(issuer.chain, state, await issuer.now());
    }
    if (method === "GET" && (m = /^\/v1\/funds\/([^/]+)\/nav$/.exec(path))) {
      fund(m[1]);
      const days = Math.min(Math.max(Number(url.searchParams.get("days") ?? 30) || 30, 1), 3660);
      return { symbol: MMF_SYMBOL, history: issuer.navHistory(await issuer.now(), days) };
    }
    if (method === "GET" && (m = /^\/v1\/accounts\/([^/]+)$/.exec(path))) {
      const address = addressParam(m[1]);
      return accountView(address, state.accounts[address.toLowerCase()], portalUrl);
    }
    if (method === "GET" && path === "/v1/orders") {
      const account = addressParam(url.searchParams.get("account"));
      const orders = state.orders.filter((o) => o.account.toLowerCase() === account.toLowerCase());
      return { orders: orders.map(orderView) };
    }
    if (method === "POST" && path === "/_twin/tick") {
      await issuer.tick();
      return { ok: true, now: await issuer.now(), cursor: state.cursor };
    }
    if (method === "POST" && path === "/_twin/subscriptions") {
      state.subscriptions_paused = body.paused === true;
      issuer.save();
      return { subscriptions_paused: state.subscriptions_paused };
    }
    throw new HttpError(404, `no route for ${method} ${path}`);
  }
}
