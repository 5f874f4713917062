/** The live stack `npm test` started: server URLs, the production key, the devnet's address book. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressBook } from "@compass/constants";
import { createPublicClient, defineChain, erc20Abi, http, type PublicClient } from "viem";

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

/** The devnet's address book as tests read it: the shared AddressBook, with its funded dev accounts and role keys. */
export interface TestAddressBook extends AddressBook {
  accounts: NonNullable<AddressBook["accounts"]>;
  roles?: Record<string, { index: number; address: `0x${string}`; privateKey: `0x${string}` }>;
}

export function addressBook(): TestAddressBook {
  return JSON.parse(readFileSync(join(testEnv().devnetDir, "addressbook.json"), "utf8"));
}

/** A devnet chain for viem: its real chain id, its local RPC URL. */
export function devnetChain(chain: string) {
  const c = addressBook().chains[chain]!;
  return defineChain({
    id: c.chainId,
    name: chain,
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
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
