import type { IncomingMessage } from "node:http";
import { readParams } from "./body.ts";
import type { TwinContext } from "./context.ts";
import { notFound, ProviderError } from "./errors.ts";
import { onlyKnown, parseForm } from "./form.ts";
import type { Idempotency, Reply } from "./idempotency.ts";
import { createQuotes } from "./quotes.ts";
import { createSession, getSession, listSessions, renderSession, transition } from "./sessions.ts";

/**
 * The provider's REST API, Stripe's Crypto Onramp subset: quotes, sessions, and Stripe-style test helpers
 * that expire a quote or an unpaid session on demand (sandboxes let testers force states).
 */
export async function handleApi(
  ctx: TwinContext,
  idempotency: Idempotency,
  req: IncomingMessage,
  url: URL,
): Promise<Reply | undefined> {
  const path = url.pathname;
  const route = `${req.method} ${path}`;
  if (route === "GET /v1/crypto/onramp/quotes")
    return { status: 200, body: createQuotes(ctx, parseForm(url.searchParams)) };
  if (route === "POST /v1/crypto/onramp_sessions") {
    const params = await readParams(req);
    const key = req.headers["idempotency-key"];
    return idempotency.run(typeof key === "string" ? key : undefined, params, async () => ({
      status: 200,
      body: renderSession(ctx, await createSession(ctx, parseForm(params))),
    }));
  }
  if (route === "GET /v1/crypto/onramp_sessions")
    return { status: 200, body: listSessions(ctx, parseForm(url.searchParams)) };
  let m = /^\/v1\/crypto\/onramp_sessions\/([^/]+)$/.exec(path);
  if (m && req.method === "GET") {
    onlyKnown(parseForm(url.searchParams), ["expand"]);
    return { status: 200, body: renderSession(ctx, getSession(ctx, decodeURIComponent(m[1]!))) };
  }
  m = /^\/v1\/test_helpers\/crypto\/onramp_sessions\/([^/]+)\/expire$/.exec(path);
  if (m && req.method === "POST") {
    const s = getSession(ctx, decodeURIComponent(m[1]!));
    if (s.status !== "initialized" && s.status !== "requires_payment")
      throw new ProviderError(
        400,
        "invalid_request_error",
        `Only an unpaid session can expire; this one is ${s.status}.`,
        "session_unexpirable",
      );
    s.rejectionReason = "expired";
    transition(ctx, s, "rejected");
    await ctx.persist();
    return { status: 200, body: renderSession(ctx, s) };
  }
  m = /^\/v1\/test_helpers\/crypto\/onramp\/quotes\/([^/]+)\/expire$/.exec(path);
  if (m && req.method === "POST") {
    const q = ctx.state.quotes[decodeURIComponent(m[1]!)];
    if (!q) throw notFound("quote", m[1]!);
    q.expiresAt = Math.min(q.expiresAt, ctx.now());
    ctx.touch();
    return { status: 200, body: { id: q.id, object: "crypto.onramp.quote", expires_at: q.expiresAt } };
  }
  return undefined;
}
