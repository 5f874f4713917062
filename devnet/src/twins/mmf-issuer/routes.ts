import type { IncomingMessage, ServerResponse } from "node:http";
import { MMF_SYMBOL } from "@compass/constants";
import { getAddress, isAddress } from "viem";
import { HttpError, readJsonBody, sendJson } from "../kit/index.ts";
import type { Issuer } from "./issuer.ts";
import { portalPage } from "./portal.ts";
import { accountView, FUND_NAME, fundView, orderView } from "./views.ts";

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
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error(error);
      sendJson(res, status, { error: (error as Error).message });
    }
  };

  async function route(method: string, path: string, url: URL, body: Record<string, unknown>) {
    for (const [verb, pattern, handle] of table(url, body)) {
      const match = verb === method ? pattern.exec(path) : null;
      if (match) return handle(match.slice(1));
    }
    throw new HttpError(404, `no route for ${method} ${path}`);
  }

  function table(url: URL, body: Record<string, unknown>): [string, RegExp, (m: string[]) => unknown][] {
    const state = issuer.state;
    const fund = async (symbol: string | undefined) => {
      if (symbol !== MMF_SYMBOL) throw new HttpError(404, `unknown fund ${symbol}`);
      return fundView(issuer.chain, state, await issuer.now());
    };
    const view = (a: { address: `0x${string}` }) =>
      accountView(a.address, state.accounts[a.address.toLowerCase()], portalUrl);
    return [
      ["GET", /^\/portal$/, () => portalPage(FUND_NAME)],
      ["GET", /^\/portal\/api\/accounts$/, () => ({ accounts: Object.values(state.accounts).map(view) })],
      [
        "POST",
        /^\/portal\/api\/register$/,
        async () =>
          view(await issuer.register(addressParam(body.account), (body.entity_name as string) ?? null)),
      ],
      [
        "POST",
        /^\/portal\/api\/(approve|reject)$/,
        async ([action]) => view(await issuer.decide(addressParam(body.account), action === "approve")),
      ],
      ["GET", /^\/v1\/funds$/, async () => ({ funds: [await fund(MMF_SYMBOL)] })],
      ["GET", /^\/v1\/funds\/([^/]+)$/, ([symbol]) => fund(symbol)],
      [
        "GET",
        /^\/v1\/funds\/([^/]+)\/nav$/,
        async ([symbol]) => {
          await fund(symbol);
          const days = Math.min(Math.max(Number(url.searchParams.get("days") ?? 30) || 30, 1), 3660);
          return { symbol: MMF_SYMBOL, history: issuer.navHistory(await issuer.now(), days) };
        },
      ],
      ["GET", /^\/v1\/accounts\/([^/]+)$/, ([address]) => view({ address: addressParam(address) })],
      [
        "GET",
        /^\/v1\/orders$/,
        () => {
          const account = addressParam(url.searchParams.get("account")).toLowerCase();
          return { orders: state.orders.filter((o) => o.account.toLowerCase() === account).map(orderView) };
        },
      ],
      [
        "POST",
        /^\/_twin\/tick$/,
        async () => {
          await issuer.tick();
          return { ok: true, now: await issuer.now(), cursor: state.cursor };
        },
      ],
      [
        "POST",
        /^\/_twin\/subscriptions$/,
        () => {
          state.subscriptions_paused = body.paused === true;
          issuer.save();
          return { subscriptions_paused: state.subscriptions_paused };
        },
      ],
    ];
  }
}
