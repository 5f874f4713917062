import AxeBuilder from "@axe-core/playwright";
import { checkoutPath, providerFrame, startPayment, waitForQuote } from "@compass/testkit/checkout";
import { addressBook } from "@compass/testkit/live";
import { expect, test } from "@playwright/test";

/**
 * The hosted checkout's pages as a person moves through them (explanations, keyboard, accessibility, a narrow
 * screen): they start a payment at most, never pay, so they run beside the specs that do (`npm test`'s e2e-reads).
 */
const dev = (i: number) => addressBook().accounts.dev[i]!.address;

test("behavior: an expired quote is replaced by a fresh one, then the purchase goes on", async ({ page }) => {
  // The first quote the page gets is one that went stale a minute ago (quote_id describes itself: docs/onramp.md).
  let staled = false;
  await page.route("**/v2/onramp/quote", async (route) => {
    const response = await route.fetch();
    const quote = await response.json();
    if (!staled && quote.quote_id) {
      staled = true;
      const claim = JSON.parse(Buffer.from(quote.quote_id.slice(4), "base64url").toString());
      const stale = { ...claim, e: Math.floor(Date.now() / 1000) - 60 };
      quote.quote_id = `oq1_${Buffer.from(JSON.stringify(stale)).toString("base64url")}`;
    }
    await route.fulfill({ response, json: quote });
  });
  await page.goto(checkoutPath(dev(8)));
  await waitForQuote(page);
  await page.getByTestId("checkout-buy").click();
  await expect(page.getByTestId("checkout-notice")).toHaveText(/quote expired/);
  await waitForQuote(page);
  await startPayment(page);
});

test("behavior: a provider outage is said, and Try again recovers", async ({ page }) => {
  let outage = true;
  // The API answering 502 as it does when the provider is down (the twin itself keeps running for other tests).
  await page.route("**/v2/onramp/quote", (route) =>
    outage
      ? route.fulfill({
          status: 502,
          json: { error: "On-ramp provider unavailable", message: "The on-ramp provider is unreachable" },
        })
      : route.continue(),
  );
  await page.goto(checkoutPath(dev(8)));
  await expect(page.getByTestId("checkout-error")).toHaveAttribute("data-kind", "provider_unavailable");
  outage = false;
  await page.getByTestId("checkout-retry").click();
  await waitForQuote(page);
});

test("behavior: a malformed destination and an unsupported chain are explained", async ({ page }) => {
  await page.goto(checkoutPath("0x1234"));
  await expect(page.getByTestId("checkout-error")).toContainText("Invalid receiving wallet");
  await expect(page.getByTestId("checkout-buy")).toBeDisabled();
  await page.goto(`/onramp/checkout?destination=${dev(1)}&chain=base&asset=USDC`);
  await expect(page.locator(".checkout-problem")).toHaveText(/Ethereum only/);
});

test("behavior: keyboard only — amount, buy and the card form are reachable by Tab", async ({ page }) => {
  await page.goto(checkoutPath(dev(8)));
  await waitForQuote(page);
  await page.getByTestId("checkout-amount").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("checkout-buy")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeFocused();
  // Focus moved to the payment step; the provider's form is the next stop.
  const cardNumber = providerFrame(page).getByLabel("Card number");
  await expect(cardNumber).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(cardNumber).toBeFocused();
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await expect(providerFrame(page).getByLabel("Expiry (MM / YY)")).toBeFocused();
});

test("default: axe reports no serious or critical violation on the checkout (amount entry and card step)", async ({
  page,
}) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  await page.goto(checkoutPath(dev(8), { returnTo: "https://partner.example/" }));
  await waitForQuote(page);
  expect(await serious()).toEqual([]);
  await startPayment(page);
  expect(await serious()).toEqual([]);
});

test("parameters: on a narrow screen the checkout fits without horizontal scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(checkoutPath(dev(8)));
  await waitForQuote(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
