/**
 * A private fork of one devnet chain for a test that must move the clock (a market's expiry, a cooldown) without
 * moving the shared chain's: anvil forking the live chain at its head, the API run in-process against it, dev
 * wallets sending to it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHttpApp, createServices, loadConfig, operations } from "@compass/api";
import { anvilBinary } from "@compass/devnet";
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  publicActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { sendReturned } from "../wallet.ts";
import { addressBook, devnetChain } from "./env.ts";
import { recordAnswer } from "./simulation-record.ts";
import type { UnsignedTx } from "./tokenized-assets.ts";

export interface Fork {
  url: string;
  client: PublicClient;
  /** moves the fork's clock to `timestamp` (unix seconds) and mines a block there */
  warpTo(timestamp: number): Promise<void>;
  /** the API, in-process, with this chain's RPC pointed at the fork */
  post(path: string, body: Record<string, unknown>): Promise<{ status: number; body: any }>;
  get(path: string): Promise<{ status: number; body: any }>;
  /** signs and sends an UnsignedTransaction with dev key `devIndex`; fails unless it succeeds */
  send(devIndex: number, tx: UnsignedTx): Promise<void>;
  stop(): void;
}

export async function forkChain(chain: string, port: number): Promise<Fork> {
  const url = `http://127.0.0.1:${port}`;
  const anvil: ChildProcess = spawn(
    anvilBinary(),
    [
      "--fork-url",
      addressBook().chains[chain]!.rpcUrl,
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      "--silent",
    ],
    { stdio: "ignore" },
  );
  const client = createPublicClient({
    chain: devnetChain(chain),
    transport: http(url),
    cacheTime: 0,
  }) as PublicClient;
  for (let i = 0; ; i++) {
    if (
      await client.getBlockNumber().then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 200) throw new Error(`the fork of ${chain} did not start on ${url}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const config = loadConfig({
    ...(process.env as Record<string, string>),
    LOG_LEVEL: "silent",
    COMPASS_RATE_LIMIT: "off",
    [`COMPASS_RPC_URL_${chain.toUpperCase()}`]: url,
  });
  const app = createHttpApp({ config, services: createServices(config), operations });
  const call = async (path: string, init: RequestInit) => {
    const res = await app.fetch(new Request(`http://fork${path}`, init));
    return { status: res.status, body: (await res.json()) as any };
  };
  return {
    url,
    client,
    async warpTo(timestamp) {
      await client.request({ method: "evm_setNextBlockTimestamp" as never, params: [timestamp] as never });
      await client.request({ method: "evm_mine" as never, params: [] as never });
    },
    post: async (path, body) => {
      const answer = await call(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (answer.status === 200) recordAnswer(path, answer.body);
      return answer;
    },
    get: (path) => call(path, { method: "GET" }),
    async send(devIndex, tx) {
      const wallet = createWalletClient({
        account: privateKeyToAccount(addressBook().accounts.dev[devIndex]!.privateKey as Hex),
        chain: devnetChain(chain),
        transport: http(url),
      }).extend(publicActions);
      await sendReturned(wallet, tx, " on the fork");
    },
    stop: () => anvil.kill(),
  };
}
