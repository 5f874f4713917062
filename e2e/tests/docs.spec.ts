import { expect, test } from "@playwright/test";

test("default: /docs renders the API reference once, above the fold, from our origin only, without console errors", async ({
  page,
}) => {
  const offOrigin: string[] = [];
  const consoleErrors: string[] = [];
  page.on(
    "request",
    (r) => !/^(https?:\/\/(127\.0\.0\.1|localhost)[:/]|data:|blob:)/.test(r.url()) && offOrigin.push(r.url()),
  );
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  page.on("pageerror", (e) => consoleErrors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/docs");

  const spec = await (await page.request.get("/v2/openapi.json")).json();
  const operations = Object.values(spec.paths).flatMap((m) => Object.values(m as object));
  const operationIds = operations.map((o) => o.operationId);
  // the first operation's heading is on the first screen, readable without scrolling
  const heading = page.locator(`[id="${operationIds[0]}-title"]`);
  await expect(heading).toHaveText(operations[0].summary);
  await expect(heading).toBeInViewport();
  // rendered once: one section per operation, and every operation of the served document is there
  // (counted in one pass over the page: a locator per operation cost a round trip each, a minute in all)
  const counts = await page.evaluate(
    (ids) => ids.map((id) => document.querySelectorAll(`[id="${CSS.escape(id)}"]`).length),
    operationIds,
  );
  expect(Object.fromEntries(operationIds.map((id, i) => [id, counts[i]]))).toEqual(
    Object.fromEntries(operationIds.map((id) => [id, 1])),
  );

  // the index links to an operation's section
  await page
    .getByRole("navigation", { name: "API reference" })
    .getByRole("link", { name: /Quote a card purchase/ })
    .click();
  await expect(
    page.getByRole("heading", { name: "Quote a card purchase of USDC on Ethereum" }),
  ).toBeInViewport();

  await page.waitForLoadState("networkidle");
  expect(offOrigin).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
