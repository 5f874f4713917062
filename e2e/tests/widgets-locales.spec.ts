import { checkoutPath, waitForQuote } from "@compass/testkit/checkout";
import { addressBook } from "@compass/testkit/live";
import { expect, type Locator, type Page, test } from "@playwright/test";

/**
 * The widgets in other locales, in a browser: the hosted checkout with `locale=` (rendered in that language on the
 * server, hydrated in it). Arabic: right to left, the layout mirrored, amounts in Western digits, nothing outside
 * the card. German: long words wrap or fit at a 360 px viewport.
 */
const buyer = addressBook().accounts.dev[3]!.address;

/** Elements inside `root` whose box leaves it sideways (screen-reader-only text excepted), and its own overflow. */
function overflowing(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const out: string[] = [];
    if (el.scrollWidth > el.clientWidth + 1) out.push(`root scrolls: ${el.scrollWidth} > ${el.clientWidth}`);
    for (const child of el.querySelectorAll<HTMLElement>("*")) {
      if (child.closest(".cw-sr-only") || child.matches("style")) continue;
      const r = child.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1)
        out.push(`${child.tagName.toLowerCase()}.${child.className} "${child.textContent?.slice(0, 40)}"`);
      if (child.scrollWidth > child.clientWidth + 1 && getComputedStyle(child).overflowX !== "visible")
        out.push(`${child.tagName.toLowerCase()} scrolls`);
    }
    return out;
  });
}

/** Console errors of the page (a hydration mismatch is one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("default: Arabic is right to left and mirrored, amounts readable in Western digits, nothing leaves the card", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const response = await page.goto(checkoutPath(buyer, { locale: "ar" }));
  // the server already rendered it in Arabic (no English first paint)
  const html = await response!.text();
  expect(html).toMatch(/data-compass-widget="onramp"[^>]*lang="ar" dir="rtl"/);
  expect(html).toContain("مبلغ الشراء");

  const root = page.getByTestId("checkout");
  await expect(root).toHaveAttribute("dir", "rtl");
  await expect(root).toHaveAttribute("lang", "ar");
  await page.getByTestId("checkout-preset-250").click();
  expect(await waitForQuote(page)).toBe("250");

  // mirrored: the amount field starts on the right, its currency to its left; quote labels right of their values
  const input = await page.getByTestId("checkout-amount").boundingBox();
  const currency = await root.locator(".cw-currency").boundingBox();
  expect(currency!.x + currency!.width).toBeLessThanOrEqual(input!.x + 1);
  const rootBox = (await root.boundingBox())!;
  expect(input!.x + input!.width).toBeGreaterThan(rootBox.x + rootBox.width / 2);
  const label = await root.locator(".cw-lines dt.cw-total").boundingBox();
  const total = await page.getByTestId("checkout-total").boundingBox();
  expect(total!.x + total!.width).toBeLessThanOrEqual(label!.x + 1);

  // readable: Western digits, the same figures as in English, left to right inside the Arabic text
  await expect(page.getByTestId("checkout-total")).toContainText("256.59");
  await expect(page.getByTestId("checkout-total")).not.toContainText(/[\u0660-\u0669\u06f0-\u06f9]/);
  await expect(page.getByTestId("checkout-buy")).toContainText("250 USDC");
  await expect(page.getByTestId("checkout-destination").locator("bdi")).toHaveText(
    `${buyer.slice(0, 6)}…${buyer.slice(-4)}`,
  );
  await expect(page.getByTestId("checkout-destination").locator("bdi")).toHaveCSS("direction", "ltr");

  expect(await overflowing(root)).toEqual([]);
  expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
});

test("behavior: German at a 360 px viewport: long words wrap or fit, nothing overflows", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const errors = consoleErrors(page);
  await page.goto(checkoutPath(buyer, { locale: "de-DE" }));
  const root = page.getByTestId("checkout");
  await expect(root).toHaveAttribute("lang", "de");
  await expect(root).toHaveAttribute("dir", "ltr");
  await page.getByTestId("checkout-preset-250").click();
  await waitForQuote(page);
  await expect(root.getByText("Zahlungsanbietergebühr")).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toHaveText(/^256,59\s\$$/);
  await expect(page.getByTestId("checkout-buy")).toHaveText(/^250 USDC für 256,59\s\$ kaufen$/);
  expect(await overflowing(root)).toEqual([]);
  const widest = await root.evaluate((el) => el.getBoundingClientRect().right);
  expect(widest).toBeLessThanOrEqual(360);
  expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
});
