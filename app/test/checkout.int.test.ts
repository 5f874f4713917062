import { gunzipSync } from "node:zlib";
import { addressBook, getJson, testEnv } from "@compass/testkit/live";
import { describe, expect, test } from "vitest";

/**
 * The hosted checkout as the app's server serves it outside Next: the rendered page and its data, the built files
 * (hashed, cached for good, gzip), the payment lookup the page makes after creating a payment, and what it refuses.
 * The purchase itself, in a browser, is e2e/tests/onramp-checkout.spec.ts.
 */
const { url } = testEnv();
const buyer = addressBook().accounts.dev[2]!.address;

async function page(query: string) {
  const r = await fetch(`${url}/onramp/checkout?${query}`);
  const html = await r.text();
  const data = JSON.parse(
    html.match(/<script id="checkout-data" type="application\/json">(.*?)<\/script>/s)![1]!,
  );
  return { r, html, data };
}

describe("hosted checkout: the page", () => {
  test("default: rendered on the server with its data, and a script that runs only under the response's nonce", async () => {
    const { r, html, data } = await page(`destination=${buyer}&chain=ethereum&asset=USDC`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain("<h1>Buy USDC</h1>");
    expect(html).toContain('data-testid="checkout-buy"');
    expect(data.params).toEqual({
      destination: buyer,
      paymentId: null,
      returnTo: null,
      unsupported: null,
      locale: "en",
    });
    expect(data.env).toBe("staging");
    const nonce = r.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1]!;
    const script = html.match(/<script type="module" src="([^"]+)" nonce="([^"]+)"/)!;
    expect(script[1]).toBe(data.assets.script);
    expect(script[2]).toBe(nonce);
    // a nonce per response
    const again = await fetch(`${url}/onramp/checkout`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  test("parameters: locale= renders the widget in that language on the server (ar: right to left), still under the nonce", async () => {
    const { r, html, data } = await page(`destination=${buyer}&locale=ar-EG`);
    expect(data.params.locale).toBe("ar");
    expect(html).toMatch(/data-compass-widget="onramp"[^>]*lang="ar" dir="rtl"/);
    expect(html).toContain("مبلغ الشراء");
    expect(html).not.toContain("Amount to buy");
    const nonce = r.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1]!;
    expect(html).toContain(`nonce="${nonce}"`);
    // an unknown tag is English, never an error
    const unknown = await page(`destination=${buyer}&locale=xx-YY`);
    expect(unknown.data.params.locale).toBe("en");
    expect(unknown.html).toContain("Amount to buy");
  });

  test("behavior: a link for another chain is explained on the page, with no widget", async () => {
    const { r, html, data } = await page("chain=base&asset=USDC");
    expect(r.status).toBe(200);
    expect(data.params.unsupported).toMatch(/Ethereum only/);
    expect(html).not.toContain('data-testid="checkout-buy"');
  });

  test("behavior: a link to a payment shows the provider's card form for it; an unknown payment is said", async () => {
    const created = await getJson(`${url}/v2/onramp/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fiat_amount: "60", destination_address: buyer }),
    });
    expect(created.status).toBe(200);
    const id = created.body.payment_id as string;
    const { data, html } = await page(new URL(created.body.checkout_url).search.slice(1));
    expect(data.payment).toMatchObject({ ok: true, status: "pending", destination: buyer });
    const frame = new URL(data.payment.pageUrl);
    expect(frame.origin).toBe(new URL(addressBook().twins.onramp.url).origin);
    expect(html).toContain('data-testid="checkout-provider-frame"');

    // what the page asks after creating a payment in place
    const lookup = await getJson(`${url}/onramp/checkout/payment?id=${encodeURIComponent(id)}`);
    expect(lookup).toMatchObject({ status: 200, body: { ok: true, pageUrl: data.payment.pageUrl } });
    expect(await getJson(`${url}/onramp/checkout/payment?id=pay_unknown_${Date.now()}`)).toMatchObject({
      status: 404,
      body: { ok: false, problem: "not_found" },
    });
    expect(
      await getJson(`${url}/onramp/checkout/payment?id=${encodeURIComponent("<script>")}`),
    ).toMatchObject({
      status: 404,
    });
    const unknown = await page(`payment=pay_unknown_${Date.now()}`);
    expect(unknown.data.payment).toEqual({ ok: false, problem: "not_found" });
    expect(unknown.html).toContain('data-testid="checkout-payment-problem"');
  });

  test("behavior: only GET and HEAD", async () => {
    const post = await fetch(`${url}/onramp/checkout`, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const head = await fetch(`${url}/onramp/checkout`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });
});

describe("hosted checkout: its files", () => {
  test("default: named by content, cached for good, gzip to browsers that take it and plain to those that do not", async () => {
    const { data } = await page("");
    const plain = await fetch(`${url}${data.assets.script}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const code = Buffer.from(await plain.arrayBuffer());
    // undici's fetch would decode gzip itself: read the raw answer through node:http
    const { request } = await import("node:http");
    const gz = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) =>
      request(`${url}${data.assets.script}`, { headers: { "accept-encoding": "gzip, br" } }, (res) => {
        const parts: Buffer[] = [];
        res
          .on("data", (p) => parts.push(p))
          .on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      })
        .on("error", reject)
        .end(),
    );
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(code)).toBe(true);
    expect(gz.body.length).toBeLessThan(code.length / 2);

    const css = await fetch(`${url}${data.assets.stylesheet}`);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toContain("--accent");
  });

  test("behavior: nothing outside the built files, and no other kind of file, is served", async () => {
    for (const path of [
      "/_checkout/manifest.json",
      "/_checkout/..%2F..%2Fpackage.json",
      "/_checkout/../server.mjs",
      "/_checkout/%2e%2e/server.mjs",
      `/_checkout/missing-${Date.now()}.js`,
    ]) {
      const r = await fetch(`${url}${path}`);
      expect(r.status, path).toBe(404);
      expect(await r.text(), path).not.toContain("node:http");
    }
  });
});
