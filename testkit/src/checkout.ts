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
  await form.getByLabel("Card number").fill(card);
  await form.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await form.getByLabel("Security code").fill("123");
  await form.getByRole("button", { name: /^Pay / }).click();
}

export const providerFrame = (page: Page) => page.frameLocator('[data-testid="checkout-provider-frame"]');
