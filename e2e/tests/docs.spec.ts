import { expect, test } from "@playwright/test";

test("default: /docs renders the API reference from /v2/openapi.json without leaving our origin", async ({
  page,
}) => {
  // Requests the page's CSP blocks never leave the browser; anything else off-origin is a leak.
  const leaked: string[] = [];
  const offOrigin = (url: string) => !/^(https?:\/\/(127\.0\.0\.1|localhost)[:/]|data:|blob:)/.test(url);
  page.on("requestfinished", (r) => offOrigin(r.url()) && leaked.push(r.url()));
  page.on(
    "requestfailed",
    (r) =>
      offOrigin(r.url()) &&
      !/^csp$|BLOCKED_BY_CSP|blocked/i.test(r.failure()?.errorText ?? "") &&
      leaked.push(`${r.url()} (${r.failure()?.errorText})`),
  );
  await page.goto("/docs");
  await expect(page.getByText("Token balance of a wallet").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(leaked).toEqual([]);
});
