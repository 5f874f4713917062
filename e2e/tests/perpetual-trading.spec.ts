import {
  addressBook,
  until,
  usdcBalance,
  venueAccountValue,
  venueInfo,
  venuePosition,
} from "@compass/testkit/live";
import { signL1Action } from "@nktkas/hyperliquid/signing";
import { expect, type Page, test } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

/**
 * The perpetual-trading page for people: the dev wallet (staging) signs the permits and user-signed actions,
 * the widget's agent key the orders; outcomes are read independently from the venue twin and the local
 * Arbitrum. (`perpetual-trading-strict-wallet.spec.ts` does the same with a MetaMask-rule wallet.)
 */
const DEV = 9;
const owner = () => addressBook().accounts.dev[DEV]!.address;
const money = (n: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);

async function open(page: Page) {
  await page.goto("/perpetual-trading");
  await page.getByTestId("connect-compassDevWallet").click();
  await page.getByTestId("dev-account").selectOption({ index: DEV });
  await expect(page.getByTestId("dev-account")).toHaveValue(owner());
  await expect(page.getByTestId("perps-market-AAPL")).toBeVisible();
}

const status = (page: Page) => page.getByTestId("perps-status");

test("default: deposit → market buy → the venue holds the position → close → PnL in fills and account value → withdraw", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await open(page);
  const usdcBefore = await usdcBalance("arbitrum", owner());
  const valueBefore = await venueAccountValue(owner());

  await page.getByTestId("perps-deposit-amount").fill("500");
  // what signing does, before the wallet opens
  await expect(page.getByTestId("perps-deposit-preview")).toHaveText(
    "You send 500 USDC · your trading account receives 500 USDC",
  );
  await page.getByTestId("perps-deposit-submit").click();
  await expect(status(page)).toHaveText(/Deposited 500 USDC/, { timeout: 60_000 });
  expect(await usdcBalance("arbitrum", owner())).toBe(usdcBefore - 500_000_000n);
  const funded = await until(
    () => venueAccountValue(owner()),
    (v) => v >= valueBefore + 500,
  );
  expect(funded).toBeCloseTo(valueBefore + 500, 6);
  await expect(page.getByTestId("perps-account-value")).toHaveText(money(funded));

  await page.getByTestId("perps-market-AAPL").click();
  await page.getByTestId("perps-size").fill("1");
  await page.getByTestId("perps-submit").click();
  await expect(status(page)).toHaveText(/Bought 1\.0 AAPL at [\d.]+/, { timeout: 60_000 });
  const avgPx = /at ([\d.]+)/.exec((await status(page).textContent())!)![1]!;
  const position = await venuePosition(owner(), "xyz:AAPL");
  expect(position).toMatchObject({ szi: "1.0", leverage: { type: "cross", value: 5 } });
  expect(Number(position!.entryPx)).toBeCloseTo(Number(avgPx), 4);
  await expect(page.getByTestId("perps-position-AAPL-size")).toHaveText("1.0");
  await expect(page.getByTestId("perps-position-AAPL-entry")).toHaveText(
    Number(Number(position!.entryPx).toPrecision(5)).toLocaleString("en-US", { maximumFractionDigits: 8 }),
  );

  // the account's cash: its value less the position's unrealised PnL, both from one snapshot (the mark moves)
  const snapshot = await venueInfo().clearinghouseState({ user: owner(), dex: "xyz" });
  const held = snapshot.assetPositions.find((p) => p.position.coin === "xyz:AAPL")!.position;
  const cash = Number(snapshot.marginSummary.accountValue) - Number(held.unrealizedPnl);
  await page.getByTestId("perps-close-AAPL").click();
  await expect(status(page)).toHaveText(/Closed 1\.0 AAPL/, { timeout: 60_000 });
  expect(await venuePosition(owner(), "xyz:AAPL")).toBeUndefined();
  const [close] = await venueInfo().userFills({ user: owner() });
  expect(close).toMatchObject({ coin: "xyz:AAPL", side: "A", dir: "Close Long" });
  const realized = Number(close!.closedPnl);
  const after = await venueAccountValue(owner());
  // flat again: the account is its cash plus the realised PnL, less the closing fee
  expect(after).toBeCloseTo(cash + realized - Number(close!.fee), 4);
  await expect(page.getByTestId("perps-fill-0-pnl")).toHaveText(
    `${realized >= 0 ? "+" : "−"}${money(Math.abs(realized))}`,
  );
  await expect(page.getByTestId("perps-account-value")).toHaveText(money(after));
  await expect(page.getByTestId("perps-no-positions")).toBeVisible();

  // and back to Arbitrum: the venue keeps $1
  const usdcBeforeWithdraw = await usdcBalance("arbitrum", owner());
  await page.getByTestId("perps-withdraw-amount").fill("100");
  await page.getByTestId("perps-withdraw-submit").click();
  await expect(status(page)).toHaveText(/Withdrawal accepted: 99\.00 USDC/, { timeout: 60_000 });
  const paid = await until(
    () => usdcBalance("arbitrum", owner()),
    (b) => b > usdcBeforeWithdraw,
  );
  expect(paid - usdcBeforeWithdraw).toBe(99_000_000n);
});

test("default: a limit order rests, shows in open orders, and cancels", async ({ page }) => {
  await open(page);
  const [opportunities] = await venueInfo()
    .metaAndAssetCtxs({ dex: "xyz" })
    .then(([meta, ctxs]) => [ctxs[meta.universe.findIndex((u) => u.name === "xyz:GOLD")]!]);
  const price = String(Math.floor(Number(opportunities!.markPx) * 0.8));
  await page.getByTestId("perps-market-GOLD").click();
  await page.getByTestId("perps-type-limit").click();
  await page.getByTestId("perps-price").fill(price);
  await page.getByTestId("perps-size").fill("0.01");
  await page.getByTestId("perps-submit").click();
  await expect(status(page)).toHaveText(/Order to buy 0\.01 GOLD at \d+ is open/, { timeout: 60_000 });
  const [resting] = await venueInfo().openOrders({ user: owner(), dex: "xyz" });
  expect(resting).toMatchObject({ coin: "xyz:GOLD", side: "B", sz: "0.01" });
  const row = page.getByTestId(`perps-open-order-${resting!.oid}`);
  await expect(row).toContainText("0.01 GOLD");
  await page.getByTestId(`perps-cancel-${resting!.oid}`).click();
  await expect(status(page)).toHaveText(/Cancelled the GOLD order/, { timeout: 60_000 });
  await expect(row).toHaveCount(0);
  expect(await venueInfo().openOrders({ user: owner(), dex: "xyz" })).toEqual([]);
});

test("behavior: an action signed by the wrong key is refused by the venue with a clear message", async ({
  page,
}) => {
  await open(page);
  // Swap the browser's signature for one by a key the venue has never seen, on its way to /execute.
  const stranger = privateKeyToAccount(generatePrivateKey());
  await page.route("**/v2/perpetual_trading/execute", async (route) => {
    const body = JSON.parse(route.request().postData()!);
    if (body.action.type !== "order") return route.continue();
    const { r, s, v } = await signL1Action({ wallet: stranger, action: body.action, nonce: body.nonce });
    body.signature = `${r}${s.slice(2)}${v.toString(16)}`;
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByTestId("perps-market-GOLD").click();
  await page.getByTestId("perps-size").fill("0.01");
  await page.getByTestId("perps-submit").click();
  await expect(status(page)).toHaveText(
    new RegExp(
      `Signed by ${stranger.address.slice(0, 6)}…${stranger.address.slice(-4)}, not by your account`,
    ),
    { timeout: 60_000 },
  );
  await expect(status(page)).toHaveAttribute("role", "alert");
  expect(await venuePosition(owner(), "xyz:GOLD")).toBeUndefined();
});
