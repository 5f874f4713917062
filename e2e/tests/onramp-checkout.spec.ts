import {
  checkoutPath,
  payWithCard,
  providerFrame,
  startPayment,
  waitForQuote,
} from "@compass/testkit/checkout";
import { addressBook, CARDS, usdcBalance } from "@compass/testkit/live";
import { expect, test } from "@playwright/test";
import { formatUnits, parseUnits } from "viem";

const dev = (i: number) => addressBook().accounts.dev[i]!.address;

const buy = startPayment;

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
