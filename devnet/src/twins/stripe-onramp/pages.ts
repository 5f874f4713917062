import type { IncomingMessage, ServerResponse } from "node:http";
import { readParams } from "./body.ts";
import type { TwinContext } from "./context.ts";
import { cspHeaders } from "./page/html.ts";
import { type FormError, notFoundPage, payPage, verifyPage, viewOf } from "./page/pay.ts";
import { PAY_JS } from "./page/script.ts";
import { openedPage, payWithCard, submitCode, verifyWallet } from "./payment.ts";
import { sessionTotal } from "./sessions.ts";

/**
 * The hosted payment page on the twin's own origin: the card (and identity check) never touch the merchant.
 * Plain HTML forms (POST, then 303 back to the page); a small script polls while the payment is in flight.
 * Returns false when the path is not a page.
 */
export async function handlePage(
  ctx: TwinContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const html = (status: number, body: string) => {
    res.writeHead(status, cspHeaders(ctx.settings.frameAncestors)).end(body);
    return true;
  };
  if (req.method === "GET" && url.pathname === "/assets/pay.js") {
    res
      .writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" })
      .end(PAY_JS);
    return true;
  }
  if (url.pathname === "/verify") {
    const params = req.method === "POST" ? await readParams(req) : url.searchParams;
    const wallet = params.get("wallet") ?? "";
    if (!/^0x[0-9a-fA-F]{40}$/.test(wallet)) return html(404, notFoundPage());
    if (req.method !== "POST")
      return html(200, verifyPage(wallet, !!ctx.state.verifiedWallets[wallet.toLowerCase()]));
    const outcome = await verifyWallet(ctx, wallet, params.get("code") ?? "");
    return html(outcome.ok ? 200 : 422, verifyPage(wallet, outcome.ok, outcome.ok ? undefined : outcome));
  }
  const m = /^\/pay\/([^/]+)(\/card|\/verify|\/state)?$/.exec(url.pathname);
  if (!m) return false;
  const params = req.method === "POST" ? await readParams(req) : url.searchParams;
  const s = ctx.state.sessions[decodeURIComponent(m[1]!)];
  if (!s || params.get("client_secret") !== s.clientSecret) return html(404, notFoundPage());
  const action = `${req.method} ${m[2] ?? ""}`;
  if (action === "GET /state") {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify({ status: s.status, view: viewOf(s) }));
    return true;
  }
  if (action === "GET ") {
    openedPage(ctx, s);
    return html(200, payPage(s, sessionTotal(s)));
  }
  const values = Object.fromEntries([...params].filter(([k]) => k !== "client_secret"));
  const outcome =
    action === "POST /card"
      ? await payWithCard(ctx, s, {
          number: values.number ?? "",
          expiry: values.expiry ?? "",
          cvc: values.cvc ?? "",
        })
      : action === "POST /verify"
        ? await submitCode(ctx, s, values.code ?? "")
        : undefined;
  if (!outcome) return false;
  if (!outcome.ok) {
    const error: FormError = { ...outcome, values: { ...values, cvc: "" } };
    return html(422, payPage(s, sessionTotal(s), error));
  }
  res.writeHead(303, { location: `/pay/${s.id}?client_secret=${encodeURIComponent(s.clientSecret)}` }).end();
  return true;
}
