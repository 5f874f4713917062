/** The hosted checkout and the provider's card form inside it, as a person uses them. */
import { expect, type FrameLocator, type Page } from "@playwright/test";

export function checkoutPath(destination: string, extra: Record<string, string> = {}): string {
  return `/onramp/checkout?${new URLSearchParams({ destination, chain: "ethereum", asset: "USDC", ...extra })}`;
}

/** Waits for a quote of `amount` USDC and returns the displayed output amount. */
export async function waitForQuote(root: Page | FrameLocator, prefix = "checkout"): Promise<string> {
  const output = root.getByTestId(`${prefix}-output`);
  await expect(output).toHaveText(/^[\d.]+ USDC$/);
  await expect(root.getByTestId(`${prefix}-buy`)).toBeEnabled();
  return (await output.textContent())!.replace(" USDC", "");
}

/** Fills the provider's card form (its own page, in a frame or a window) and pays. */
export async function payWithCard(form: Page | FrameLocator, card: string): Promise<void> {
  const fields: [string, string][] = [
    ["Card number", card],
    ["Expiry (MM / YY)", "12 / 34"],
    ["Security code", "123"],
  ];
  // the form can still be starting when it first shows (under load, a field typed into early was seen emptied):
  // fill, then check every field kept its value before paying, as a person looks before pressing Pay
  await expect(async () => {
    for (const [label, value] of fields) {
      const field = form.getByLabel(label);
      if ((await field.inputValue()) === "") await field.fill(value);
    }
    for (const [label] of fields) await expect(form.getByLabel(label)).not.toHaveValue("", { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await form.getByRole("button", { name: /^Pay / }).click();
}

export const providerFrame = (page: Page) => page.frameLocator('[data-testid="checkout-provider-frame"]');

/** Presses Buy: the payment starts at the provider, whose card form shows in the checkout. */
export async function startPayment(page: Page): Promise<void> {
  await page.getByTestId("checkout-buy").click();
  await expect(page).toHaveURL(/[?&]payment=cos_/);
  await expect(providerFrame(page).getByLabel("Card number")).toBeVisible();
}
