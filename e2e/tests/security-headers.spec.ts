import { expect, test } from "@playwright/test";

const prodUrl = process.env.COMPASS_TEST_PROD_URL!;

test("default: the hosted checkout sends a CSP whose frame-ancestors comes from configuration, plus the usual headers", async ({
  request,
}) => {
  const res = await request.get("/onramp/checkout?chain=ethereum&asset=USDC");
  const h = res.headers();
  expect(h["content-security-policy"]).toMatch(/frame-ancestors 'self'/);
  expect(h["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(h["content-security-policy"]).toMatch(/object-src 'none'/);
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"]).toContain("camera=()");
});

test("behavior: production adds HSTS; other pages refuse to be framed", async ({ request }) => {
  const res = await request.get(`${prodUrl}/`);
  expect(res.headers()["strict-transport-security"]).toContain("max-age=");
  expect(res.headers()["x-frame-options"]).toBe("SAMEORIGIN");
});

test("behavior: pages run under the nonce CSP without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy|Refused to/.test(m.text()) && violations.push(m.text()));
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Wallet" })).toBeVisible();
  await page.getByTestId("connect-compassDevWallet").click();
  await expect(page.getByTestId("dev-account")).toBeVisible();
  expect(violations).toEqual([]);
});
