import { checkoutPath, payWithCard, providerFrame, waitForQuote } from "@compass/testkit/checkout";
import { addressBook, CARDS, testEnv, until, usdcBalance, venueAccountValue } from "@compass/testkit/live";
import { prodPartnerPort, TEST_KEYS } from "@compass/testkit/stack";
import { installStrictWallet, strictWallet } from "@compass/testkit/strict-wallet";
import { expect, type Page, test } from "@playwright/test";
import { parseUnits } from "viem";
import { buildPartnerPage, partnerHtml, servePartnerPage } from "../fixtures/partner/build.ts";

/**
 * The production-mode server as an integrator runs it: keys required everywhere (the app's pages use its
 * publishable key, a partner's page its own, allowed from its origin only), no dev wallet, its own sponsor.
 * The `production` Playwright project runs this file alone, with baseURL = the production server.
 */
const dev = (i: number) => addressBook().accounts.dev[i]!.address;
const prod = () => testEnv().prodUrl;

/** Every API answer the page received, so a test can say none was refused. */
function apiStatuses(page: Page): number[] {
  const seen: number[] = [];
  page.on("response", (r) => {
    if (/\/v[12]\/|\/api\//.test(new URL(r.url()).pathname)) seen.push(r.status());
  });
  return seen;
}

test("default: the hosted checkout delivers a card purchase in production (the app's publishable key)", async ({
  page,
}) => {
  const statuses = apiStatuses(page);
  const buyer = dev(5);
  await page.goto(checkoutPath(buyer));
  const output = await waitForQuote(page);
  const before = await usdcBalance("ethereum", buyer);
  await page.getByTestId("checkout-buy").click();
  await payWithCard(providerFrame(page), CARDS.success);
  await expect(page.getByTestId("checkout-success")).toBeVisible({ timeout: 60_000 });
  expect((await usdcBalance("ethereum", buyer)) - before).toBe(parseUnits(output, 6));
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.filter((s) => s === 401 || s === 403)).toEqual([]);
});

test("default: the trading page in production — markets through the app's key, a deposit relayed by the sponsor route", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const statuses = apiStatuses(page);
  const book = addressBook();
  const owner = dev(6);
  // a mainstream wallet (MetaMask's chain rule) on Arbitrum, where the deposit's permit is signed
  const wallet = strictWallet({
    privateKey: book.accounts.dev[6]!.privateKey,
    chains: Object.values(book.chains).map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
    chainId: 42161,
  });
  await installStrictWallet(page, wallet);
  await page.goto("/perpetual-trading");
  await expect(page.getByTestId("connect-compassDevWallet")).toHaveCount(0);
  await page.getByTestId("connect-injected").click();
  await expect(page.getByTestId("perps-market-AAPL")).toBeVisible();

  const usdcBefore = await usdcBalance("arbitrum", owner);
  const valueBefore = await venueAccountValue(owner);
  await page.getByTestId("perps-deposit-amount").fill("50");
  await page.getByTestId("perps-deposit-submit").click();
  await expect(page.getByTestId("perps-status")).toHaveText(/Deposited 50 USDC/, { timeout: 60_000 });
  expect(await usdcBalance("arbitrum", owner)).toBe(usdcBefore - 50_000_000n);
  const credited = await until(
    () => venueAccountValue(owner),
    (v) => v >= valueBefore + 50,
  );
  expect(credited).toBeCloseTo(valueBefore + 50, 6);
  // the permit was signed on the wallet's active chain, and nothing was refused anywhere
  expect(wallet.prompts.filter((p) => p.refused)).toEqual([]);
  expect(statuses.filter((s) => s === 401 || s === 403)).toEqual([]);
});

test("behavior: the trading page whose key the API refuses says so (not a connection problem)", async ({
  page,
}) => {
  // a deployment with a wrong COMPASS_APP_PUBLISHABLE_KEY: every call carries a key the API does not know
  await page.route("**/v2/perpetual_trading/**", (route) =>
    route.continue({ headers: { ...route.request().headers(), "x-api-key": "pk_wrong_key" } }),
  );
  await page.goto("/perpetual-trading");
  const error = page.getByTestId("perps-markets-error");
  await expect(error).toHaveAttribute("data-kind", "unauthorized");
  await expect(error).toContainText(/refused this site's key/);
  await expect(page.getByTestId("perps-market-AAPL")).toHaveCount(0);
});

test.describe("a partner's page against production", () => {
  let partner: Awaited<ReturnType<typeof servePartnerPage>>;
  let stranger: Awaited<ReturnType<typeof servePartnerPage>>;
  const account = () => dev(4);

  test.beforeAll(async () => {
    const bundle = await buildPartnerPage();
    const html = partnerHtml({
      apiBaseUrl: prod(),
      rpcUrl: addressBook().chains.ethereum!.rpcUrl,
      account: account(),
      publishableKey: TEST_KEYS.partner,
    });
    const port = prodPartnerPort(Number(new URL(prod()).port));
    partner = await servePartnerPage(port, html, bundle);
    // the same page and key, served from an origin the key is not allowed for
    stranger = await servePartnerPage(port + 1, html, bundle);
  });
  test.afterAll(async () => {
    await partner?.close();
    await stranger?.close();
  });

  test("default: the embedded checkout completes a purchase with the partner's publishable key", async ({
    page,
  }) => {
    await page.goto(partner.url);
    await page.getByTestId("partner-connect").click();
    await expect(page.getByTestId("partner-onramp-output")).toHaveText("80 USDC");
    const before = await usdcBalance("ethereum", account());
    const popupOpened = page.waitForEvent("popup");
    await page.getByTestId("partner-onramp-buy").click();
    const checkout = await popupOpened;
    await payWithCard(providerFrame(checkout), CARDS.success);
    await expect(page.getByTestId("partner-onramp-success")).toBeVisible({ timeout: 60_000 });
    expect(await usdcBalance("ethereum", account())).toBe(before + parseUnits("80", 6));
    expect(await page.evaluate(() => window.__ONRAMP_ERRORS__)).toEqual([]);
  });

  test("behavior: from an origin the key is not allowed for, the widget says the key was refused — not that the server is unreachable", async ({
    page,
  }) => {
    await page.goto(stranger.url);
    await page.getByTestId("partner-connect").click();
    const error = page.getByTestId("partner-onramp-error");
    await expect(error).toHaveAttribute("data-kind", "unauthorized");
    await expect(error).toContainText(/API key was refused/);
    await expect(error).not.toContainText(/could not reach/i);
    const [reported] = await page.evaluate(() => window.__ONRAMP_ERRORS__);
    expect(reported).toMatchObject({ kind: "unauthorized", httpStatus: 403 });
  });
});
