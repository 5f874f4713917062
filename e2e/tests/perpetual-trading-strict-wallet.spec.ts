import { minedReceipt } from "@compass/devnet";
import {
  addressBook,
  chainClient,
  until,
  usdcBalance,
  venueAccountValue,
  venuePosition,
} from "@compass/testkit/live";
import { installStrictWallet, type StrictWallet, strictWallet } from "@compass/testkit/strict-wallet";
import { devWallet } from "@compass/testkit/wallet";
import { expect, type Page, test } from "@playwright/test";
import { erc20Abi, parseEther } from "viem";
import { generatePrivateKey } from "viem/accounts";

/**
 * A new trader on the trading page with a wallet as strict as MetaMask: typed data only for its active
 * chain, which starts on Ethereum (chain 1) as a fresh MetaMask does. The widget must switch it to
 * Arbitrum for the USDC permit (USDC's domain is Arbitrum's), sign every user-signed action for the chain
 * the wallet is on, and trade through its agent key without a prompt. Outcomes are read from the venue
 * twin and the local Arbitrum, independently of the API.
 */
test.describe.configure({ mode: "serial" });

const ARBITRUM = 42161;
const ETHEREUM = 1;
const FUNDER = 6; // a dev account no other browser test trades with
let wallet: StrictWallet;
let owner: `0x${string}`;
let page: Page;

const status = () => page.getByTestId("perps-status");
const typedData = (from = 0) =>
  wallet.prompts
    .slice(from)
    .filter((p) => p.method === "eth_signTypedData_v4")
    .map((p) => `${p.primaryType}@${p.domainChainId}${p.refused ? " refused" : ""}`);
const agentEntries = () =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith("compass.perpetual-trading.agent:")),
  );
/** The venue twin's /info, read directly (not through the API). */
const info = (body: Record<string, unknown>) =>
  fetch(`${addressBook().twins.venue!.url}/info`, { method: "POST", body: JSON.stringify(body) }).then((r) =>
    r.json(),
  );
const agents = (): Promise<{ address: string; name: string; validUntil: number }[]> =>
  info({ type: "extraAgents", user: owner });

/**
 * Clicks place order and waits for the fill: the round trip a person waits (measured in the page, polled
 * every animation frame) and the wallet prompts it cost.
 */
async function buy(asset: string, size: string) {
  const dismiss = page.getByTestId("perps-status").getByRole("button", { name: "Dismiss" });
  if (await dismiss.isVisible()) await dismiss.click();
  await expect(status()).toHaveCount(0);
  await page.getByTestId(`perps-market-${asset}`).click();
  await page.getByTestId("perps-size").fill(size);
  const prompts = wallet.prompts.length;
  const filled = new RegExp(`Bought ${size.replace(".", "\\.")}\\S* ${asset} at [\\d.]+`);
  await page.evaluate(() =>
    document
      .querySelector('[data-testid="perps-submit"]')!
      .addEventListener("click", () => Object.assign(window, { clickedAt: performance.now() }), {
        once: true,
        capture: true,
      }),
  );
  await page.getByTestId("perps-submit").click();
  const done = await page.waitForFunction(
    (source) => {
      const text = document.querySelector('[data-testid="perps-status"]')?.textContent ?? "";
      if (/^We could not|refused|declined/.test(text)) throw new Error(text);
      return new RegExp(source).test(text) && performance.now();
    },
    filled.source,
    { polling: "raf", timeout: 60_000 },
  );
  const started = await page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);
  const ms = Math.round(((await done.jsonValue()) as number) - started);
  await expect(status()).toHaveText(filled);
  return { ms, prompts: wallet.prompts.slice(prompts) };
}

test.beforeAll(async ({ browser }) => {
  const key = generatePrivateKey();
  const book = addressBook();
  wallet = strictWallet({
    privateKey: key,
    chains: Object.values(book.chains).map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
    chainId: ETHEREUM,
  });
  owner = wallet.address;
  // a new trader: 300 USDC and a little gas on Arbitrum, nothing at the venue
  const funder = devWallet(FUNDER, "arbitrum");
  const usdc = book.chains.arbitrum!.contracts.USDC!;
  for (const hash of [
    await funder.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "transfer",
      args: [owner, 300_000_000n],
    }),
    await funder.sendTransaction({ to: owner, value: parseEther("0.05") }),
  ])
    await minedReceipt(chainClient("arbitrum"), hash);
  page = await browser.newPage();
  await installStrictWallet(page, wallet);
  await page.goto("/perpetual-trading");
  await page.getByTestId("connect-injected").click();
  await expect(page.getByTestId("wallet-address")).toHaveAttribute("title", owner);
  await expect(page.getByTestId("perps-market-AAPL")).toBeVisible();
});
test.afterAll(() => page?.close());

test("default: a new trader on chain 1 deposits (switched to Arbitrum for the permit); switching back to Ethereum mid-flow, trading is still enabled and the agent authorised at once", async () => {
  test.setTimeout(180_000);
  expect(wallet.chainId).toBe(ETHEREUM);
  const usdcBefore = await usdcBalance("arbitrum", owner);
  // while the deposit is being credited, the person switches the wallet back to Ethereum from its own menu:
  // enabling trading was being prepared for Arbitrum
  await page.route("**/v2/perpetual_trading/enable_unified_account", async (route) => {
    if (JSON.parse(route.request().postData()!).signature_chain_id === ARBITRUM)
      wallet.userSwitchesTo(ETHEREUM);
    await route.continue();
  });
  await page.getByTestId("perps-deposit-amount").fill("250");
  await page.getByTestId("perps-deposit-submit").click();
  await expect(status()).toHaveText(/Deposited 250 USDC/, { timeout: 90_000 });
  await page.unroute("**/v2/perpetual_trading/enable_unified_account");
  expect(wallet.prompts.filter((p) => p.method === "wallet_switchEthereumChain")).toHaveLength(1);
  expect(wallet.chainId).toBe(ETHEREUM);
  // the permit on Arbitrum; enabling refused by the wallet for the chain it left, prepared again for
  // Ethereum and signed; the agent authorised on Ethereum
  expect(typedData()).toEqual([
    `Permit@${ARBITRUM}`,
    `HyperliquidTransaction:UserSetAbstraction@${ARBITRUM} refused`,
    `HyperliquidTransaction:UserSetAbstraction@${ETHEREUM}`,
    `HyperliquidTransaction:ApproveAgent@${ETHEREUM}`,
  ]);
  expect(await usdcBalance("arbitrum", owner)).toBe(usdcBefore - 250_000_000n);
  expect(
    await until(
      () => venueAccountValue(owner),
      (v) => v >= 250,
    ),
  ).toBeCloseTo(250, 6);
  expect(await info({ type: "userAbstraction", user: owner })).toBe("unifiedAccount");
  const [entry] = await agentEntries();
  expect(entry).toBe(
    `compass.perpetual-trading.agent:${new URL(page.url()).origin}:${owner.toLowerCase()}:Mainnet`,
  );
  expect(await agents()).toMatchObject([{ name: "compass" }]);
});

test("default: orders fill without a single prompt; close; the person switches to Arbitrum and the withdrawal is signed for it", async () => {
  test.setTimeout(180_000);
  const orders = [];
  for (const n of [1, 2, 3]) {
    orders.push(await buy("AAPL", "1"));
    expect(await venuePosition(owner, "xyz:AAPL")).toMatchObject({ szi: `${n}.0` });
  }
  expect(orders.map((o) => o.prompts)).toEqual([[], [], []]);
  const figures = `place order → fill visible: ${orders.map((o) => `${o.ms} ms`).join(", ")} (the first sets leverage too); wallet prompts per order: ${orders.map((o) => o.prompts.length).join(", ")}`;
  test.info().annotations.push({ type: "strict-wallet round trip", description: figures });
  console.log(`strict-wallet round trip: ${figures}`);

  const prompts = wallet.prompts.length;
  await page.getByTestId("perps-close-AAPL").click();
  await expect(status()).toHaveText(/Closed 3\.0 AAPL/, { timeout: 60_000 });
  expect(wallet.prompts.length).toBe(prompts);
  expect(await venuePosition(owner, "xyz:AAPL")).toBeUndefined();

  wallet.userSwitchesTo(ARBITRUM);
  const before = await usdcBalance("arbitrum", owner);
  const from = wallet.prompts.length;
  await page.getByTestId("perps-withdraw-amount").fill("50");
  await page.getByTestId("perps-withdraw-submit").click();
  await expect(status()).toHaveText(/Withdrawal accepted: 49\.00 USDC/, { timeout: 60_000 });
  expect(typedData(from)).toEqual([`HyperliquidTransaction:Withdraw@${ARBITRUM}`]);
  const paid = await until(
    () => usdcBalance("arbitrum", owner),
    (b) => b > before,
    60_000,
  );
  expect(paid - before).toBe(49_000_000n);
});

test("behavior: an expired agent (its stored expiry passed) is re-authorised with one signature, and the order fills", async () => {
  test.setTimeout(120_000);
  const [old] = await agents();
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage).filter((k) =>
      k.startsWith("compass.perpetual-trading.agent:"),
    )) {
      const entry = JSON.parse(localStorage.getItem(k)!);
      localStorage.setItem(k, JSON.stringify({ ...entry, validUntil: Date.now() - 1 }));
    }
  });
  const order = await buy("GOLD", "0.01");
  expect(order.prompts.map((p) => `${p.primaryType}@${p.domainChainId}`)).toEqual([
    `HyperliquidTransaction:ApproveAgent@${ARBITRUM}`,
  ]);
  const now = await agents();
  expect(now).toHaveLength(1);
  expect(now[0]!.address).not.toBe(old!.address);
  expect(await venuePosition(owner, "xyz:GOLD")).toMatchObject({ szi: "0.01" });
});
