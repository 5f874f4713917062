import { payWithCard, providerFrame } from "@compass/testkit/checkout";
import { addressBook, CARDS, testEnv, usdcBalance } from "@compass/testkit/live";
import { expect, test } from "@playwright/test";
import { parseUnits } from "viem";
import { buildPartnerPage, partnerHtml, servePartnerPage } from "../fixtures/partner/build.ts";

const account = addressBook().accounts.dev[9]!.address;
let partner: Awaited<ReturnType<typeof servePartnerPage>>;

// The partner's own origin (another port on loopback, like a real partner's own site): every API call from the
// widget is cross-origin. Loopback because Chromium refuses plain-http public pages calling loopback.
test.beforeAll(async () => {
  const html = partnerHtml({
    apiBaseUrl: testEnv().url,
    rpcUrl: addressBook().chains.ethereum!.rpcUrl,
    account,
  });
  partner = await servePartnerPage(Number(new URL(testEnv().url).port) + 44, html, await buildPartnerPage());
});
test.afterAll(() => partner?.close());

test("default: the widget on a partner's page, configured by its CompassProvider, with a mock-connector wallet, completes a purchase", async ({
  page,
}) => {
  await page.goto(partner.url);
  await page.getByTestId("partner-connect").click();
  await expect(page.getByTestId("partner-account")).toContainText(account);
  // The destination defaults to the connected account.
  await expect(page.getByTestId("partner-onramp-destination")).toContainText(account.slice(0, 6));
  await expect(page.getByTestId("partner-onramp-output")).toHaveText("80 USDC");
  const before = await usdcBalance("ethereum", account);

  const popupOpened = page.waitForEvent("popup");
  await page.getByTestId("partner-onramp-buy").click();
  const checkout = await popupOpened;
  await expect(checkout).toHaveURL(/\/onramp\/checkout\?.*payment=cos_/);
  expect(await checkout.evaluate(() => window.opener)).toBeNull();
  await payWithCard(providerFrame(checkout), CARDS.success);

  await expect(page.getByTestId("partner-onramp-success")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("partner-onramp-delivered-amount")).toHaveText("80 USDC");
  expect(await usdcBalance("ethereum", account)).toBe(before + parseUnits("80", 6));
  const events = await page.evaluate(() => window.__ONRAMP_EVENTS__.map((e) => e.status));
  expect(events[0]).toBe("init");
  expect(events).toEqual(expect.arrayContaining(["quoting", "ready", "pending", "success"]));
  expect(events.at(-1)).toBe("success");
  const [result, ...more] = await page.evaluate(() => window.__ONRAMP_SUCCESS__);
  expect(more).toEqual([]);
  expect(result).toMatchObject({ outputAmount: "80", destination: expect.stringMatching(/^0x/i) });
  expect(result!.destination.toLowerCase()).toBe(account.toLowerCase());
  expect(await page.evaluate(() => window.__ONRAMP_ERRORS__)).toEqual([]);
});
