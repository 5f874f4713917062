import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dev } from "../helpers.ts";
import { startOnrampDevnet } from "./harness.ts";

let t: Awaited<ReturnType<typeof startOnrampDevnet>>;
beforeAll(async () => {
  t = await startOnrampDevnet(4400);
});
afterAll(() => t?.stop());

const buyer = (i: number) => dev(t.devnet, i).address;

describe("provider API", () => {
  it("behavior: refuses requests without its secret key", async () => {
    const res = await fetch(`${t.twin}/v1/crypto/onramp/quotes?source_amount=100`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.type).toBe("authentication_error");
  });

  it("default: quotes itemise fees, advertise limits and expire", async () => {
    const { status, body } = await t.api("/v1/crypto/onramp/quotes?source_amount=100&source_currency=usd");
    expect(status).toBe(200);
    const [q] = body.destination_network_quotes.ethereum;
    expect(q).toMatchObject({
      destination_amount: "100.000000",
      destination_currency: "usdc",
      destination_network: "ethereum",
      fees: { transaction_fee_monetary: "2.50", network_fee_monetary: "0.34" },
      source_total_amount: "102.84",
    });
    expect(q.expires_at - body.rate_fetched_at).toBe(60);
    expect(body.limits).toEqual({ source_amount_min: "10.00", source_amount_max: "10000.00" });
  });

  it("behavior: amounts outside the limits and unknown currencies are invalid requests naming the param", async () => {
    const low = await t.api("/v1/crypto/onramp/quotes?source_amount=5");
    expect(low.status).toBe(400);
    expect(low.body.error).toMatchObject({ code: "amount_too_small", param: "source_amount" });
    const high = await t.api("/v1/crypto/onramp/quotes?source_amount=10000.01");
    expect(high.body.error).toMatchObject({ code: "amount_too_large", param: "source_amount" });
    const jpy = await t.api("/v1/crypto/onramp/quotes?source_amount=100&source_currency=jpy");
    expect(jpy.body.error).toMatchObject({ code: "currency_not_supported", param: "source_currency" });
  });

  it("default: a paid session is paid to the session's wallet address with a plain USDC transfer — no contract of ours is called", async () => {
    const owner = buyer(5);
    const before = await t.balance(owner);
    const created = await t.api("/v1/crypto/onramp_sessions", { form: t.sessionForm(owner, "250") });
    expect(created.status).toBe(200);
    const session = created.body;
    expect(session).toMatchObject({
      object: "crypto.onramp_session",
      status: "initialized",
      livemode: false,
    });
    expect(new URL(session.redirect_url).origin).toBe(t.twin);
    const page = await fetch(session.redirect_url);
    expect(page.headers.get("content-security-policy")).toMatch(
      /frame-ancestors 'self' http:\/\/127\.0\.0\.1:\*/,
    );
    expect((await t.api(`/v1/crypto/onramp_sessions/${session.id}`)).body.status).toBe("requires_payment");

    expect((await t.pay(session, "4242 4242 4242 4242")).status).toBe(303);
    const done = await t.waitFor(session.id, ["fulfillment_complete", "rejected"]);
    expect(done.status).toBe("fulfillment_complete");
    const wallet = session.transaction_details.wallet_address;
    const amount = parseUnits(session.transaction_details.destination_amount, 6);
    // the one-time wallet holds the USDC, undeployed: forwarding it is the merchant's settlement worker's job
    expect(await t.balance(wallet)).toBe(amount);
    expect(await t.balance(owner)).toBe(before);
    expect(await t.c.public.getCode({ address: wallet })).toBeUndefined();
    const receipt = await t.c.public.getTransactionReceipt({ hash: done.transaction_details.transaction_id });
    expect(receipt.status).toBe("success");
    expect(receipt.to?.toLowerCase()).toBe(t.usdc.toLowerCase());

    // Charged once: paying again changes nothing.
    expect((await t.pay(session, "4242424242424242")).status).toBe(303);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await t.balance(wallet)).toBe(amount);
  });

  it("behavior: a declined card rejects the payment and moves no USDC", async () => {
    const owner = buyer(6);
    const before = await t.balance(owner);
    const { body: session } = await t.api("/v1/crypto/onramp_sessions", { form: t.sessionForm(owner) });
    await t.pay(session, "4000 0000 0000 0002");
    const done = await t.waitFor(session.id, ["rejected", "fulfillment_complete"]);
    expect(done).toMatchObject({ status: "rejected", rejection_reason: "card_declined" });
    expect(await t.balance(owner)).toBe(before);
  });

  it("behavior: the verification card asks for a code on the page before charging", async () => {
    const owner = buyer(7);
    const { body: session } = await t.api("/v1/crypto/onramp_sessions", { form: t.sessionForm(owner) });
    await t.pay(session, "4000000000003220");
    const page = await (await fetch(session.redirect_url)).text();
    expect(page).toMatch(/Verify it's you/);
    const wrong = await t.submit(session, "verify", { code: "123456" });
    expect(wrong.status).toBe(422);
    expect(wrong.html).toMatch(/not correct/);
    expect((await t.submit(session, "verify", { code: "000000" })).status).toBe(303);
    expect((await t.waitFor(session.id, ["fulfillment_complete", "rejected"])).status).toBe(
      "fulfillment_complete",
    );
  });

  it("behavior: the slow card stays processing for a while, then delivers", async () => {
    const { body: session } = await t.api("/v1/crypto/onramp_sessions", { form: t.sessionForm(buyer(5)) });
    await t.pay(session, "4000000000001000");
    await new Promise((r) => setTimeout(r, 1200));
    expect((await t.api(`/v1/crypto/onramp_sessions/${session.id}`)).body.status).toBe(
      "fulfillment_processing",
    );
    expect((await t.waitFor(session.id, ["fulfillment_complete"], 10_000)).status).toBe(
      "fulfillment_complete",
    );
  });

  it("behavior: large purchases need a verified buyer (402 with a verification URL)", async () => {
    const owner = buyer(8);
    const refused = await t.api("/v1/crypto/onramp_sessions", { form: t.sessionForm(owner, "2000") });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("identity_verification_required");
    const verifyUrl = new URL(refused.body.error.verification_url);
    expect(verifyUrl.origin).toBe(t.twin);
    const verified = await fetch(verifyUrl.origin + verifyUrl.pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ wallet: owner, code: "000000" }),
    });
    expect(await verified.text()).toMatch(/Identity verified/);
    expect((await t.api("/v1/crypto/onramp_sessions", { form: t.sessionForm(owner, "2000") })).status).toBe(
      200,
    );
  });

  it("behavior: an Idempotency-Key returns the same session, and refuses other parameters", async () => {
    const form = t.sessionForm(buyer(5));
    const headers = { "idempotency-key": `k-${Math.random()}` };
    const [a, b] = await Promise.all([
      t.api("/v1/crypto/onramp_sessions", { form, headers }),
      t.api("/v1/crypto/onramp_sessions", { form, headers }),
    ]);
    expect(a.body.id).toBe(b.body.id);
    expect([a, b].filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(1);
    const other = await t.api("/v1/crypto/onramp_sessions", {
      form: { ...form, source_amount: "101" },
      headers,
    });
    expect(other.status).toBe(400);
    expect(other.body.error.type).toBe("idempotency_error");
  });

  it("behavior: like Stripe, unknown parameters are a 400 parameter_unknown — `quote` included", async () => {
    const res = await t.api("/v1/crypto/onramp_sessions", {
      form: t.sessionForm(buyer(5), "100", { quote: "q" }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.objectContaining({
        type: "invalid_request_error",
        code: "parameter_unknown",
        param: "quote",
      }),
    });
    const quotes = await t.api("/v1/crypto/onramp/quotes?source_amount=100&wallet=0x1");
    expect(quotes.body.error).toMatchObject({ code: "parameter_unknown", param: "wallet" });
  });

  it("behavior: arrays decode in both `name[]=` and `name[0]=` forms, and the session names them as Stripe does", async () => {
    const indexed = await t.api("/v1/crypto/onramp_sessions", {
      form: { ...t.sessionForm(buyer(5)), "destination_networks[0]": "solana" },
    });
    expect(indexed.status).toBe(400);
    expect(indexed.body.error).toMatchObject({
      code: "network_not_supported",
      param: "destination_networks",
    });
    const quote = await t.api("/v1/crypto/onramp/quotes?source_amount=100&destination_networks[0]=solana");
    expect(quote.body.error).toMatchObject({ code: "network_not_supported" });
    for (const [c, n] of [
      ["destination_currencies[0]", "destination_networks[0]"],
      ["destination_currencies[]", "destination_networks[]"],
    ]) {
      const ok = await t.api("/v1/crypto/onramp_sessions", {
        form: { ...t.sessionForm(buyer(5)), [c!]: "usdc", [n!]: "ethereum" },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.transaction_details).toMatchObject({
        destination_currencies: ["usdc"],
        destination_networks: ["ethereum"],
        destination_currency: "usdc",
        destination_network: "ethereum",
      });
      expect(ok.body.transaction_details).not.toHaveProperty("supported_destination_networks");
    }
  });

  it("default: lists sessions newest first, filtered by status, in pages with starting_after", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await t.api("/v1/crypto/onramp_sessions", { form: t.sessionForm(buyer(6)) })).body.id);
    const first = await t.api("/v1/crypto/onramp_sessions?limit=2&status=initialized");
    expect(first.body).toMatchObject({ object: "list", url: "/v1/crypto/onramp_sessions", has_more: true });
    expect(first.body.data).toHaveLength(2);
    const seen: string[] = [];
    let page = first.body;
    for (;;) {
      seen.push(...page.data.map((s: any) => s.id));
      if (!page.has_more) break;
      page = (
        await t.api(`/v1/crypto/onramp_sessions?limit=2&status=initialized&starting_after=${seen.at(-1)}`)
      ).body;
    }
    expect(seen).toEqual(expect.arrayContaining(ids));
    expect(new Set(seen).size).toBe(seen.length);
    const bad = await t.api("/v1/crypto/onramp_sessions?limit=500");
    expect(bad.body.error).toMatchObject({ code: "parameter_invalid", param: "limit" });
  });

  it("behavior: sessions persist across a twin restart", async () => {
    const { body: session } = await t.api("/v1/crypto/onramp_sessions", { form: t.sessionForm(buyer(5)) });
    await t.devnet.stopTwin("onramp");
    await t.devnet.startTwin("onramp");
    expect((await t.api(`/v1/crypto/onramp_sessions/${session.id}`)).body.id).toBe(session.id);
    expect((await t.api("/v1/crypto/onramp_sessions/cos_unknown")).status).toBe(404);
  });

  it("behavior: unpaid sessions expire on devnet time", async () => {
    const { body: session } = await t.api("/v1/crypto/onramp_sessions", { form: t.sessionForm(buyer(5)) });
    await t.devnet.advanceTime(31 * 60);
    const done = await t.waitFor(session.id, ["rejected"], 5_000);
    expect(done.rejection_reason).toBe("expired");
  });
});
