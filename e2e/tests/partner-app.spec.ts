import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildVariant,
  type Peers,
  packTarballs,
  peersName,
  prepareApp,
  SUPPORTED,
  servePartnerApp,
  type Weight,
} from "@compass/partner-app/build";
import { addressBook, testEnv, until, usdcBalance, venueAccountValue } from "@compass/testkit/live";
import { expect, test } from "@playwright/test";

/**
 * A partner's app, as a partner builds it: the packed @compass/sdk and @compass/widgets tarballs installed
 * beside the peers of each combination the widgets' ranges claim (React 18 and 19, wagmi 2 and 3), bundled by
 * Vite. The weight the widgets add is budgeted here; each combination then runs in chromium against the stack:
 * both widgets render from the API, and a perps deposit is signed and sent by the partner's wagmi wallet (the
 * widget's own EIP-1193 calls, through each wagmi major's connector) and lands at the venue.
 */

/**
 * Budgets, gzip bytes: what both widgets add (the 35 kB), one locale's catalog (2 kB), and the on-ramp's
 * first load. A catalog file is held to 2 kB; with the words both widgets share (a chunk of their own, one per
 * locale) to 2.5 kB. The on-ramp's first load is held at 14 kB, not the 12: it measured 12.3 kB before localisation and 13.5 kB
 * with it (the English catalog inline, the locale machinery), 2.3 kB of it the SDK's transport (docs/performance.md).
 */
const BUDGET = { both: 35 * 1024, onrampFirstLoad: 14 * 1024, catalog: 2 * 1024 };
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

let tarballs: { sdk: string; widgets: string };
test.beforeAll(() => {
  tarballs = packTarballs(mkdtempSync(join(tmpdir(), "compass-tarballs-")));
});

test("weight: both widgets add ≤ 35 kB gzip to a minimal wagmi app, the on-ramp's first load ≤ 14 kB, each catalog file ≤ 2 kB", async () => {
  test.setTimeout(180_000);
  const dir = prepareApp({ react: 19, wagmi: 3 }, tarballs);
  const [baseline, onramp, perps, both] = [
    await buildVariant(dir, "baseline"),
    await buildVariant(dir, "onramp"),
    await buildVariant(dir, "perps"),
    await buildVariant(dir, "both"),
  ] as Weight[];
  const added = (w: Weight) => w.total - baseline!.total;
  const figures = {
    onramp: { firstLoad: kb(onramp!.firstLoad - baseline!.firstLoad), total: kb(added(onramp!)) },
    perps: kb(added(perps!)),
    both: kb(added(both!)),
    catalogs: Object.fromEntries(
      Object.entries(both!.catalogs).map(([k, v]) => [k, `${kb(v.own)} (${kb(v.loaded)} with shared words)`]),
    ),
  };
  test.info().annotations.push({ type: "weight", description: JSON.stringify(figures) });
  console.log(`partner-app weight: ${JSON.stringify(figures)}`);
  expect(added(both!), `both widgets add ${figures.both}`).toBeLessThanOrEqual(BUDGET.both);
  expect(
    onramp!.firstLoad - baseline!.firstLoad,
    `on-ramp first load ${figures.onramp.firstLoad}`,
  ).toBeLessThanOrEqual(BUDGET.onrampFirstLoad);
  // every locale but English is a catalog loaded on demand, for each widget
  expect(Object.keys(both!.catalogs).length).toBeGreaterThanOrEqual(22);
  // each catalog file ≤ 2 kB; with the chunk of words both widgets share (loaded once per locale) ≤ 2.5 kB
  for (const [name, size] of Object.entries(both!.catalogs)) {
    expect(size.own, `${name} catalog ${kb(size.own)}`).toBeLessThanOrEqual(BUDGET.catalog);
    expect(size.loaded, `${name} with shared words ${kb(size.loaded)}`).toBeLessThanOrEqual(
      BUDGET.catalog + 512,
    );
  }
});

const account = () => addressBook().accounts.dev[9]!.address;

for (const [i, peers] of SUPPORTED.entries())
  test(`${peersName(peers)}: both widgets render from the API, and a deposit signed by the partner's wallet lands at the venue`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const app = await servePartnerApp(
      Number(new URL(testEnv().url).port) + 45 + i,
      await buildVariant(prepareApp(peers as Peers, tarballs), "both"),
      {
        apiBaseUrl: testEnv().url,
        rpc: {
          ethereum: addressBook().chains.ethereum!.rpcUrl,
          arbitrum: addressBook().chains.arbitrum!.rpcUrl,
        },
        account: account(),
      },
    );
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await page.goto(app.url);
      await page.getByTestId("partner-connect").click();
      await expect(page.getByTestId("partner-account")).toContainText(account());
      // the on-ramp quotes from the API; the perps widget lists the venue's markets
      await expect(page.getByTestId("partner-onramp-output")).toHaveText(/^80(\.00)? USDC$/);
      await expect(page.getByTestId("partner-perps-market-AAPL")).toBeVisible();
      // styles reached the page (React 18 has no <style precedence> hoisting: they stay inline, and apply)
      const buy = page.getByTestId("partner-onramp-buy");
      expect(await buy.evaluate((b) => getComputedStyle(b).borderRadius)).not.toBe("0px");

      const usdcBefore = await usdcBalance("arbitrum", account());
      const valueBefore = await venueAccountValue(account());
      await page.getByTestId("partner-perps-deposit-amount").fill("10");
      await page.getByTestId("partner-perps-deposit-submit").click();
      await expect(page.getByTestId("partner-perps-status")).toHaveText(/Deposited 10 USDC/, {
        timeout: 90_000,
      });
      expect(await usdcBalance("arbitrum", account())).toBe(usdcBefore - 10_000_000n);
      expect(
        await until(
          () => venueAccountValue(account()),
          (v) => v >= valueBefore + 10,
        ),
      ).toBeCloseTo(valueBefore + 10, 6);
      expect(errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
