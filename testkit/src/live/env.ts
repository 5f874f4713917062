/** The live stack `npm test` started: server URLs, the production key, the devnet's address book. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressBook } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  type PublicClient,
  parseAbi,
  parseUnits,
  publicActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { recordAnswer } from "./simulation-record.ts";

export function testEnv() {
  const url = process.env.COMPASS_TEST_URL;
  const devnetDir = process.env.COMPASS_DEVNET_DIR;
  if (!url || !devnetDir)
    throw new Error("integration tests run under `npm test` (COMPASS_TEST_URL and COMPASS_DEVNET_DIR unset)");
  return {
    url,
    prodUrl: process.env.COMPASS_TEST_PROD_URL!,
    apiKey: process.env.COMPASS_TEST_API_KEY!,
    devnetDir,
  };
}

/**
 * Points the live helpers at another stack (one a process started for itself: the fault scenarios', a bench's, a
 * test file's own): COMPASS_TEST_URL and COMPASS_DEVNET_DIR set to it; the returned function puts back what was there.
 */
export function pointLiveHelpersAt(url: string, devnetDir: string): () => void {
  const saved = {
    COMPASS_TEST_URL: process.env.COMPASS_TEST_URL,
    COMPASS_DEVNET_DIR: process.env.COMPASS_DEVNET_DIR,
  };
  process.env.COMPASS_TEST_URL = url;
  process.env.COMPASS_DEVNET_DIR = devnetDir;
  return () => {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  };
}

/** The devnet's address book as tests read it: the shared AddressBook, with its funded dev accounts and role keys. */
export interface TestAddressBook extends AddressBook {
  accounts: NonNullable<AddressBook["accounts"]>;
  roles?: Record<string, { index: number; address: `0x${string}`; privateKey: `0x${string}` }>;
}

export function addressBook(): TestAddressBook {
  return JSON.parse(readFileSync(join(testEnv().devnetDir, "addressbook.json"), "utf8"));
}

/**
 * One devnet chain as a test on behalf of dev account `devIndex` sees it: the owner's address, the address
 * book's contracts and tokens (read when called: a test file is imported before the stack writes the book),
 * and ERC-20 balances read from the chain.
 */
export function devnetFixture(chain: string, devIndex: number) {
  return {
    owner: addressBook().accounts.dev[devIndex]!.address as Address,
    contracts: () => addressBook().chains[chain]!.contracts as Record<string, Address>,
    token: (symbol: string) => addressBook().tokens![chain]![symbol]!.address as Address,
    balanceOf: (token: Address, holder: Address, blockNumber?: bigint) =>
      chainClient(chain).readContract({
        address: token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [holder],
        blockNumber,
      }),
  };
}

/**
 * Dev account `devIndex` wraps `amount` (whole units) of its native coin into the chain's WETH9 (WBNB on
 * bsc), as a wallet would: `deposit()` with value, signed with its key.
 */
export async function wrapNative(devIndex: number, chain: string, amount: string): Promise<void> {
  const key = addressBook().accounts.dev[devIndex]!.privateKey as `0x${string}`;
  const symbol = chain === "bsc" ? "WBNB" : "WETH";
  const wallet = createWalletClient({
    account: privateKeyToAccount(key),
    chain: devnetChain(chain),
    transport: http(),
  }).extend(publicActions);
  const hash = await wallet.writeContract({
    address: addressBook().tokens![chain]![symbol]!.address as Address,
    abi: parseAbi(["function deposit() payable"]),
    functionName: "deposit",
    value: parseUnits(amount, 18),
  });
  const receipt = await minedReceipt(wallet, hash);
  if (receipt.status !== "success") throw new Error(`wrapping ${amount} on ${chain} reverted`);
}

/** A devnet chain for viem: its real chain id, its local RPC URL. */
export function devnetChain(chain: string) {
  const c = addressBook().chains[chain]!;
  return defineChain({
    id: c.chainId,
    name: chain,
    nativeCurrency: {
      name: c.chainId === 56 ? "BNB" : "Ether",
      symbol: c.chainId === 56 ? "BNB" : "ETH",
      decimals: 18,
    },
    rpcUrls: { default: { http: [c.rpcUrl] } },
  });
}

/** An independent chain reader (not the API's), to assert outcomes on chain. */
export function chainClient(chain: string): PublicClient {
  return createPublicClient({
    chain: devnetChain(chain),
    transport: http(),
    cacheTime: 0,
  }) as PublicClient;
}

/**
 * One contract call signed by a devnet role (its key from the address book), as that role's owner would send
 * it — e.g. `deployer`, the governor or pool admin of the devnet's protocols; fails unless it succeeds.
 */
export async function sendAsRole(
  chain: string,
  role: string,
  call: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] },
) {
  const key = addressBook().roles?.[role]?.privateKey;
  if (!key) throw new Error(`the devnet's address book has no role ${role}`);
  const wallet = createWalletClient({
    account: privateKeyToAccount(key),
    chain: devnetChain(chain),
    transport: http(),
  }).extend(publicActions);
  const hash = await wallet.writeContract(call as never);
  const receipt = await minedReceipt(wallet, hash);
  if (receipt.status !== "success") throw new Error(`${role}'s ${call.functionName} reverted (${hash})`);
  return receipt;
}

export async function usdcBalance(
  chain: string,
  owner: `0x${string}`,
  blockNumber?: bigint,
): Promise<bigint> {
  const usdc = addressBook().chains[chain]!.contracts.USDC!;
  return chainClient(chain).readContract({
    address: usdc,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
    blockNumber,
  });
}

export async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  // an answer to sign: its simulation is held to the chain when the test sends it
  if (init?.method === "POST" && res.ok) recordAnswer(new URL(url).pathname, body);
  return { status: res.status, body, headers: res.headers };
}

/** POSTs `body` as JSON to the stack's staging server (`path` under it) and reads the answer like getJson. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return getJson(`${testEnv().url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}
