/**
 * The money-market-fund sandbox end to end with the TypeScript SDK, against a running staging stack
 * (`npm start`):
 *
 *   npx tsx examples/mmf-sandbox.ts
 *
 * It creates the owner's Tokenized Assets Account on ethereum_sepolia, deposits USDC, shows the
 * "Account not whitelisted" refusal, registers and approves the account in the issuer's connect portal,
 * buys the fund (settlement "async": USDC goes to the issuer, no shares yet), moves the devnet clock past
 * the 3:30 PM New York cutoff, and waits for the NAV cycle to mint the shares into the account.
 *
 * Environment: COMPASS_SERVER_URL (default http://127.0.0.1:3000), COMPASS_DEVNET_DIR (default .devnet),
 * OWNER_INDEX (dev account that owns the account, default 1), AMOUNT (USDC, default 100).
 * Signing uses the devnet's public dev keys: the API itself never holds a key.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CompassClient, CompassError } from "@compass/sdk";
import { createWalletClient, defineChain, erc20Abi, type Hex, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";

const CHAIN = "ethereum_sepolia";
const FUND = "SBGOV";
const root = join(import.meta.dirname, "..");
const devnetDir = process.env.COMPASS_DEVNET_DIR ?? join(root, ".devnet");
const book = JSON.parse(readFileSync(join(devnetDir, "addressbook.json"), "utf8"));
const client = new CompassClient({ serverURL: process.env.COMPASS_SERVER_URL ?? "http://127.0.0.1:3000" });
const amount = process.env.AMOUNT ?? "100";
const sepolia = book.chains[CHAIN];
const wallet = createWalletClient({
  account: privateKeyToAccount(book.accounts.dev[Number(process.env.OWNER_INDEX ?? 1)].privateKey),
  chain: defineChain({
    id: sepolia.chainId,
    name: CHAIN,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [sepolia.rpcUrl] } },
  }),
  transport: http(sepolia.rpcUrl),
}).extend(publicActions);
const owner = wallet.account.address;
const step = (text: string) => console.log(`\n▶ ${text}`);

/** Signs and sends an UnsignedTransaction exactly as the API returned it (its gas limit included). */
async function send(
  tx: { to: string; data: string; value: string; gas: string | null; nonce: string } | null,
) {
  if (!tx) return console.log("  (nothing to send)");
  const hash = await wallet.sendTransaction({
    to: tx.to as Hex,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    gas: tx.gas ? BigInt(tx.gas) : undefined,
    nonce: Number(tx.nonce),
  });
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  console.log(`  sent ${hash} (block ${receipt.blockNumber})`);
}

const balance = (token: Hex, who: Hex) =>
  wallet.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });

step(`Tokenized Assets Account of ${owner} on ${CHAIN}`);
const created = await client.tokenizedAssets.createAccount({ sender: owner, owner, chain: CHAIN });
const account = created.tokenized_assets_account_address as Hex;
console.log(`  ${account} (${created.transaction ? "creating" : "already deployed"})`);
await send(created.transaction);

step(`Deposit ${amount} USDC`);
await send(
  (await client.tokenizedAssets.transfer({ owner, chain: CHAIN, token: "USDC", amount, action: "DEPOSIT" }))
    .transaction,
);

const order = { owner, chain: CHAIN, token_in: "USDC", token_out: FUND, amount_in: amount } as const;
const issuer = book.twins.issuer;
const status = await (
  await fetch(`${issuer.url}/v1/accounts/${account}`, { headers: { "x-api-key": issuer.apiKey } })
).json();
if (!status.whitelisted) {
  step(`Buy ${FUND} before the issuer approved the account`);
  const refused = await client.tokenizedAssets.buy(order).catch((e: unknown) => e);
  // A refusal is a 422 whose body is the domain envelope {error: "Account not whitelisted", message}.
  if (!(refused instanceof CompassError) || refused.status !== 422) throw refused;
  console.log(`  ${refused.status}: ${(refused.body as { message: string }).message}`);

  step("Register and approve the account in the issuer's connect portal (sandbox: self-approval)");
  for (const action of ["register", "approve"]) {
    await fetch(`${issuer.url}/portal/api/${action}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account }),
    });
  }
}

step(`Buy ${FUND} for ${amount} USDC`);
const buy = await client.tokenizedAssets.buy(order);
console.log(`  settlement ${buy.settlement}, ~${buy.estimated_amount_out} shares, poll ${buy.poll_endpoint}`);
const fundToken = book.tokens[CHAIN][FUND].address as Hex;
const sharesBefore = await balance(fundToken, account);
await send(buy.transaction);
console.log(
  `  shares in the account right after the transaction: ${(await balance(fundToken, account)) - sharesBefore} (none yet)`,
);

const pending = async () =>
  (await client.tokenizedAssets.redemptions({ owner, chain: CHAIN, vault: FUND })).redemptions.filter(
    (r) => r.status === "pending" && r.kind === "subscription",
  );
let waiting = await pending();
for (let i = 0; !waiting.length && i < 50; i++) {
  await new Promise((r) => setTimeout(r, 100)); // the issuer sees the deposit at its next look at the chain
  waiting = await pending();
}
const settlesAt = Math.max(...waiting.map((r) => r.expected_settlement_at ?? 0));
console.log(`  pending at the issuer; the next NAV cycle is ${new Date(settlesAt * 1000).toISOString()}`);

step("Advance the devnet clock past the 3:30 PM New York cutoff");
const now = Number((await wallet.getBlock()).timestamp);
const seconds = Math.max(1, settlesAt - now + 60);
execFileSync(
  process.execPath,
  [join(root, "devnet/bin/devnet.mjs"), "time", "advance", String(seconds), "--dir", devnetDir],
  {
    stdio: "inherit",
  },
);

step("After the NAV cycle");
const settled = (
  await client.tokenizedAssets.redemptions({ owner, chain: CHAIN, vault: FUND })
).redemptions.at(-1)!;
const minted = (await balance(fundToken, account)) - sharesBefore;
console.log(`  request #${settled.id}: ${settled.status} at NAV ${settled.nav_per_share}`);
console.log(`  ${Number(minted) / 1e6} ${FUND} minted into ${account}`);
const fund = await (
  await fetch(`${issuer.url}/v1/funds/${FUND}`, { headers: { "x-api-key": issuer.apiKey } })
).json();
const usdc = book.chains[CHAIN].contracts.USDC as Hex;
console.log(
  `  USDC at the issuer's deposit address: ${Number(await balance(usdc, fund.deposit_address)) / 1e6}`,
);
const positions = await client.tokenizedAssets.positions({ owner, chain: CHAIN });
console.log(
  `  positions: ${positions.positions.map((p) => `${p.balance} ${p.symbol} ≈ $${p.balance_usd}`).join(", ")}`,
);
if (minted <= 0n || settled.status !== "finalized") throw new Error("the shares did not arrive");
