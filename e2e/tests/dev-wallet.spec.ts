import { expect, test } from "@playwright/test";

const prodUrl = process.env.COMPASS_TEST_PROD_URL!;

test("default: staging offers a dev wallet over the devnet's funded keys", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("connect-compassDevWallet").click();
  const account = page.getByTestId("dev-account");
  await expect(account).toBeVisible();
  // default is dev account #1 (account #0 is left for scripts)
  await expect(account).toHaveValue(/^0x70997970/i);
  await account.selectOption({ index: 3 });
  await expect(account).toHaveValue(/^0x90F79bf6/i);
  await page.reload();
  await expect(page.getByTestId("dev-account")).toHaveValue(/^0x90F79bf6/i);
  await page.getByTestId("disconnect").click();
  await expect(page.getByTestId("connect-compassDevWallet")).toBeVisible();
});

test("behavior: production has no dev wallet and no route to dev keys", async ({ page, request }) => {
  const res = await request.get(`${prodUrl}/api/devnet/accounts`);
  expect(res.status()).toBe(404);
  expect(await res.text()).not.toMatch(/privateKey|0x[0-9a-f]{64}/i);
  await page.goto(`${prodUrl}/`);
  await expect(page.getByRole("navigation", { name: "Wallet" })).toBeVisible();
  await expect(page.getByTestId("connect-compassDevWallet")).toHaveCount(0);
});
