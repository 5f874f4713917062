import AxeBuilder from "@axe-core/playwright";
import { checkoutPath, payWithCard, providerFrame, waitForQuote } from "@compass/testkit/checkout";
import { addressBook, CARDS, usdcBalance } from "@compass/testkit/live";
import { expect, type Page, test } from "@playwright/test";
import { formatUnits, parseUnits } from "viem";

const dev = (i: number) => addressBook().accounts.dev[i]!.address;

async function buy(page: Page) {
  await page.getByTestId("checkout-buy").click();
  await expect(page).toHaveURL(/[?&]payment=cos_/);
  await expect(providerFrame(page).getByLabel("Card number")).toBeVisible();
}

test("default: a test-card purchase on the hosted page is delivered and the balance rises by exactly output_amount", async ({
  page,
}) => {
  const buyer = dev(7);
  await page.goto(checkoutPath(buyer, { returnTo: "https://partner.example/done" }));
  await page.getByTestId("checkout-preset-250").click();
  const output = await waitForQuote(page);
  expect(output).toBe("250");
  await expect(page.getByTestId("checkout-total")).toHaveText("$256.59");
  const before = await usdcBalance("ethereum", buyer);

  await buy(page);
  await payWithCard(providerFrame(page), CARDS.success);
  await expect(page.getByTestId("checkout-success")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("checkout-delivered-amount")).toHaveText(`${output} USDC`);
  await expect(page.getByTestId("checkout-tx-hash")).toHaveText(/^0x[0-9a-f]{64}$/);

  const after = await usdcBalance("ethereum", buyer);
  expect(after - before).toBe(parseUnits(output, 6));
  const shown = formatUnits(after, 6).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  await expect(page.getByTestId("checkout-balance")).toHaveText(`${shown} USDC`);
  await expect(page.getByTestId("checkout-return")).toHaveAttribute("href", "https://partner.example/done");
});

test("behavior: a declined card ends failed and no USDC moves", async ({ page }) => {
  const buyer = dev(7);
  await page.goto(checkoutPath(buyer));
  await waitForQuote(page);
  const before = await usdcBalance("ethereum", buyer);
  await buy(page);
  await payWithCard(providerFrame(page), CARDS.declined);
  // The provider's form says "declined" for a moment, until the checkout learns the payment failed and puts its own
  // error in the form's place: what the person is left with is the checkout's error (a test that waited for the
  // form's alert lost that race whenever the machine was busy).
  await expect(page.getByTestId("checkout-error")).toHaveAttribute("data-kind", "payment_failed", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("checkout-error")).toContainText("declined");
  await expect(page.getByTestId("checkout-error")).toContainText("Payment failed");
  expect(await usdcBalance("ethereum", buyer)).toBe(before);
  // Recoverable: a new payment starts from the same amount.
  await page.getByTestId("checkout-start-over").click();
  await waitForQuote(page);
  await expect(page).not.toHaveURL(/payment=/);
});

test("behavior: with the staging dev wallet connected, the checkout delivers to it (identity check on the card form)", async ({
  page,
}) => {
  await page.goto("/onramp/checkout?chain=ethereum&asset=USDC");
  await expect(page.getByTestId("checkout-destination")).toHaveText(/Connect a wallet/);
  await page.getByTestId("connect-compassDevWallet").click();
  const account = (await page.getByTestId("dev-account").inputValue()) as `0x${string}`;
  await expect(page.getByTestId("checkout-destination")).toHaveText(new RegExp(account.slice(0, 6)));
  await page.getByTestId("checkout-amount").fill("42");
  await waitForQuote(page);
  const before = await usdcBalance("ethereum", account);
  await buy(page);
  await payWithCard(providerFrame(page), CARDS.verify);
  await providerFrame(page).getByLabel("Verification code").fill("000000");
  await providerFrame(page).getByRole("button", { name: "Verify and pay" }).click();
  await expect(page.getByTestId("checkout-success")).toBeVisible({ timeout: 30_000 });
  expect(await usdcBalance("ethereum", account)).toBe(before + parseUnits("42", 6));
});

test("behavior: an interrupted purchase resumes from the link", async ({ page }) => {
  await page.goto(checkoutPath(dev(8)));
  await waitForQuote(page);
  await buy(page);
  await page.reload();
  await expect(page.getByTestId("checkout-payment")).toBeVisible();
  await expect(page.getByTestId("checkout-amount")).toBeDisabled();
  await payWithCard(providerFrame(page), CARDS.success);
  await expect(page.getByTestId("checkout-success")).toBeVisible({ timeout: 30_000 });
});

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
  await buy(page);
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
  await buy(page);
  expect(await serious()).toEqual([]);
});

test("parameters: on a narrow screen the checkout fits without horizontal scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(checkoutPath(dev(8)));
  await waitForQuote(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
