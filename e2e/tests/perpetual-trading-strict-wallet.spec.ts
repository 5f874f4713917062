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

/** Clicks place order and waits for the fill: the round trip a person waits, and the prompts it cost. */
async function buy(asset: string, size: string) {
  await page.getByTestId(`perps-market-${asset}`).click();
  await page.getByTestId("perps-size").fill(size);
  const prompts = wallet.prompts.length;
  const t = performance.now();
  await page.getByTestId("perps-submit").click();
  await expect(status()).toHaveText(
    new RegExp(`Bought ${size.replace(".", "\\.")}\\S* ${asset} at [\\d.]+`),
    {
      timeout: 60_000,
    },
  );
  const ms = Math.round(performance.now() - t);
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
  // a new trader: 200 USDC and a little gas on Arbitrum, nothing at the venue
  const funder = devWallet(FUNDER, "arbitrum");
  const usdc = book.chains.arbitrum!.contracts.USDC!;
  for (const hash of [
    await funder.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "transfer",
      args: [owner, 200_000_000n],
    }),
    await funder.sendTransaction({ to: owner, value: parseEther("0.05") }),
  ])
    await chainClient("arbitrum").waitForTransactionReceipt({ hash });
  page = await browser.newPage();
  await installStrictWallet(page, wallet);
  await page.goto("/perpetual-trading");
  await page.getByTestId("connect-injected").click();
  await expect(page.getByTestId("wallet-address")).toHaveAttribute("title", owner);
  await expect(page.getByTestId("perps-market-AAPL")).toBeVisible();
});
test.afterAll(() => page?.close());

test("default: a new trader on chain 1 deposits (switched to Arbitrum for the permit), trading is enabled and the agent authorised at once", async () => {
  test.setTimeout(180_000);
  expect(wallet.chainId).toBe(ETHEREUM);
  const usdcBefore = await usdcBalance("arbitrum", owner);
  await page.getByTestId("perps-deposit-amount").fill("100");
  await page.getByTestId("perps-deposit-submit").click();
  await expect(status()).toHaveText(/Deposited 100 USDC/, { timeout: 90_000 });
  expect(wallet.prompts.filter((p) => p.method === "wallet_switchEthereumChain")).toHaveLength(1);
  expect(wallet.chainId).toBe(ARBITRUM);
  // the permit, then both user-signed actions on the chain the wallet is on: none refused
  expect(typedData()).toEqual([
    `Permit@${ARBITRUM}`,
    `HyperliquidTransaction:UserSetAbstraction@${ARBITRUM}`,
    `HyperliquidTransaction:ApproveAgent@${ARBITRUM}`,
  ]);
  expect(await usdcBalance("arbitrum", owner)).toBe(usdcBefore - 100_000_000n);
  expect(
    await until(
      () => venueAccountValue(owner),
      (v) => v >= 100,
    ),
  ).toBeCloseTo(100, 6);
  expect(await info({ type: "userAbstraction", user: owner })).toBe("unifiedAccount");
  const [entry] = await agentEntries();
  expect(entry).toBe(
    `compass.perpetual-trading.agent:${new URL(page.url()).origin}:${owner.toLowerCase()}:Mainnet`,
  );
  expect(await agents()).toMatchObject([{ name: "compass" }]);
});

test("default: the person switches the wallet back to Ethereum; orders fill without a single prompt; close; withdraw signed for chain 1", async () => {
  test.setTimeout(180_000);
  wallet.userSwitchesTo(ETHEREUM);
  const first = await buy("AAPL", "1");
  expect(first.prompts).toEqual([]);
  const position = await venuePosition(owner, "xyz:AAPL");
  expect(position).toMatchObject({ szi: "1.0" });
  const second = await buy("AAPL", "1");
  expect(second.prompts).toEqual([]);
  expect(await venuePosition(owner, "xyz:AAPL")).toMatchObject({ szi: "2.0" });
  test.info().annotations.push({
    type: "strict-wallet round trip",
    description: `place order → fill visible: ${first.ms} ms (first order, sets leverage too), ${second.ms} ms (second); wallet prompts per order: ${first.prompts.length}, ${second.prompts.length}`,
  });
  console.log(
    `strict-wallet round trip: ${first.ms} ms / ${second.ms} ms; prompts per order ${first.prompts.length} / ${second.prompts.length}`,
  );

  const prompts = wallet.prompts.length;
  await page.getByTestId("perps-close-AAPL").click();
  await expect(status()).toHaveText(/Closed 2\.0 AAPL/, { timeout: 60_000 });
  expect(wallet.prompts.length).toBe(prompts);
  expect(await venuePosition(owner, "xyz:AAPL")).toBeUndefined();

  const before = await usdcBalance("arbitrum", owner);
  const from = wallet.prompts.length;
  await page.getByTestId("perps-withdraw-amount").fill("50");
  await page.getByTestId("perps-withdraw-submit").click();
  await expect(status()).toHaveText(/Withdrawal accepted: 49\.00 USDC/, { timeout: 60_000 });
  expect(typedData(from)).toEqual([`HyperliquidTransaction:Withdraw@${ETHEREUM}`]);
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
    `HyperliquidTransaction:ApproveAgent@${ETHEREUM}`,
  ]);
  const now = await agents();
  expect(now).toHaveLength(1);
  expect(now[0]!.address).not.toBe(old!.address);
  expect(await venuePosition(owner, "xyz:GOLD")).toMatchObject({ szi: "0.01" });
});
