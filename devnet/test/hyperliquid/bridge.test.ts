import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ExchangeClient, HttpTransport, InfoClient } from "@nktkas/hyperliquid";
import { type Address, encodeFunctionData, erc20Abi, parseSignature, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { BRIDGE2, bridge2TwinAbi } from "../../src/contracts/bridge2.ts";
import type { DevnetHandle } from "../../src/index.ts";
import { minedReceipt } from "../../src/receipt.ts";
import { BridgePayoutExecutor } from "../../src/twins/hyperliquid/bridge/payouts.ts";
import { TWIN_ENV } from "../../src/twins/types.ts";
import { clients, dev, devnetForFile, PERMIT_TYPES } from "../helpers.ts";

let devnet: DevnetHandle;
let chain: ReturnType<typeof clients>;
let info: InfoClient;
const { dir, portBase } = devnetForFile(
  "hyperliquid-bridge",
  3000,
  { chains: ["arbitrum"], earn: false, twins: ["venue"] },
  (d) => {
    devnet = d;
    chain = clients(devnet, "arbitrum");
    info = new InfoClient({ transport: new HttpTransport({ apiUrl: devnet.twins.venue!.url }) });
  },
);

const usdc = () => devnet.addressBook.chains.arbitrum!.contracts.USDC!;
const balance = (owner: Address) =>
  chain.public.readContract({ address: usdc(), abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const accountValue = async (user: Address) =>
  Number((await info.clearinghouseState({ user })).marginSummary.accountValue);

/** The owner's EIP-2612 permit for the bridge, relayed by the sponsor role in Bridge2's batch call. */
async function depositWithPermit(ownerIndex: number, usd: bigint, signer = ownerIndex) {
  const owner = dev(devnet, ownerIndex).address;
  const key = dev(devnet, signer).privateKey;
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  const nonce = await chain.public.readContract({
    address: usdc(),
    abi: [
      {
        type: "function",
        name: "nonces",
        stateMutability: "view",
        inputs: [{ type: "address" }],
        outputs: [{ type: "uint256" }],
      },
    ],
    functionName: "nonces",
    args: [owner],
  });
  const signature = await privateKeyToAccount(key).signTypedData({
    domain: { name: "USD Coin", version: "2", chainId: 42161, verifyingContract: usdc() },
    types: PERMIT_TYPES,
    primaryType: "Permit",
    message: { owner, spender: BRIDGE2, value: usd, nonce, deadline },
  });
  const { r, s, v } = parseSignature(signature);
  const data = encodeFunctionData({
    abi: bridge2TwinAbi,
    functionName: "batchedDepositWithPermit",
    args: [[{ user: owner, usd, deadline, signature: { r: BigInt(r), s: BigInt(s), v: Number(v) } }]],
  });
  const sponsor = devnet.addressBook.roles.sponsor.address;
  const hash = await chain.wallet.sendTransaction({
    account: sponsor,
    to: BRIDGE2,
    data,
    chain: chain.chain,
  });
  return minedReceipt(chain.public, hash);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("venue bridge on the local arbitrum", () => {
  it("default: a permit deposit relayed by the sponsor is credited to the owner at the venue", async () => {
    const owner = dev(devnet, 1).address;
    const before = await balance(owner);
    const receipt = await depositWithPermit(1, parseUnits("250", 6));
    expect(receipt.status).toBe("success");
    expect(await balance(owner)).toBe(before - parseUnits("250", 6));
    expect(
      await until(
        () => accountValue(owner),
        (v) => v === 250,
      ),
    ).toBe(250);
  });

  it("behavior: a permit signed by another key moves nothing and credits nothing (the batch does not revert)", async () => {
    const owner = dev(devnet, 2).address;
    const before = await balance(owner);
    const receipt = await depositWithPermit(2, parseUnits("100", 6), 3);
    expect(receipt.status).toBe("success");
    expect(receipt.logs.some((l) => l.address.toLowerCase() === BRIDGE2.toLowerCase())).toBe(true); // FailedPermitDeposit
    expect(await balance(owner)).toBe(before);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await accountValue(owner)).toBe(0);
  });

  it("default: a signed withdraw3 is paid on chain by the bridge, less the venue's $1 fee", async () => {
    const owner = dev(devnet, 1).address;
    const destination = dev(devnet, 4).address;
    const before = await balance(destination);
    const exchange = new ExchangeClient({
      wallet: privateKeyToAccount(dev(devnet, 1).privateKey),
      transport: new HttpTransport({ apiUrl: devnet.twins.venue!.url }),
      signatureChainId: "0x66eee",
    });
    await exchange.withdraw3({ destination, amount: "100" });
    expect(await accountValue(owner)).toBe(150);
    expect(
      await until(
        () => balance(destination),
        (b) => b > before,
      ),
    ).toBe(before + parseUnits("99", 6));
  });

  it("behavior: a deposit under the 5 USDC minimum is kept by the bridge and credited to nobody; the twin records why", async () => {
    const owner = dev(devnet, 5).address;
    const bridgeBefore = await balance(BRIDGE2);
    const hash = await chain.wallet.writeContract({
      account: owner,
      address: usdc(),
      abi: erc20Abi,
      functionName: "transfer",
      args: [BRIDGE2, parseUnits("4.99", 6)],
      chain: chain.chain,
    });
    expect((await minedReceipt(chain.public, hash)).status).toBe("success");
    expect(await balance(BRIDGE2)).toBe(bridgeBefore + parseUnits("4.99", 6));
    const admin = () =>
      fetch(`${devnet.twins.venue!.url}/_twin/deposits?user=${owner}`, {
        headers: { authorization: `Bearer ${devnet.addressBook.twins.venue!.apiKey}` },
      }).then((r) => r.json());
    const records = await until(admin, (r) => Object.keys(r.lost).length > 0);
    expect(Object.values(records.lost)).toEqual([
      expect.objectContaining({
        user: owner.toLowerCase(),
        usd: "4.99",
        reason: expect.stringMatching(/below the minimum deposit of 5 USDC/),
      }),
    ]);
    expect(records.credited).toEqual({});
    expect(await accountValue(owner)).toBe(0);
    // exactly the minimum is credited
    const five = await chain.wallet.writeContract({
      account: owner,
      address: usdc(),
      abi: erc20Abi,
      functionName: "transfer",
      args: [BRIDGE2, parseUnits("5", 6)],
      chain: chain.chain,
    });
    await minedReceipt(chain.public, five);
    expect(
      await until(
        () => accountValue(owner),
        (v) => v === 5,
      ),
    ).toBe(5);
  });

  it("behavior: a restarted twin neither credits a deposit again nor pays a payout twice", async () => {
    const owner = dev(devnet, 1).address;
    const destination = dev(devnet, 4).address;
    const paid = await balance(destination);
    await devnet.stopTwin("venue");
    await devnet.startTwin("venue");
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await accountValue(owner)).toBe(150);
    expect(await balance(destination)).toBe(paid);
    const bridge = { address: BRIDGE2, abi: bridge2TwinAbi } as const;
    expect(await chain.public.readContract({ ...bridge, functionName: "payoutPaid", args: [1n] })).toBe(true);
  });

  it("behavior: paying an already-paid payout again (a crash before it was recorded) reports the first transaction", async () => {
    const destination = dev(devnet, 4).address;
    const paid = await balance(destination);
    const rpcUrl = devnet.chains.arbitrum!.rpcUrl;
    const operator = privateKeyToAccount(devnet.addressBook.roles.venue_operator.privateKey);
    const executor = new BridgePayoutExecutor(chain.public as never, chain.chain, rpcUrl, operator, BRIDGE2);
    const payout = {
      id: 1,
      user: dev(devnet, 1).address,
      destination,
      usd: "99",
      nonce: 1,
      requestedAt: 0,
      status: "pending" as const,
      txHash: null,
      paidAt: null,
    };
    const hash = await executor.pay(payout);
    const receipt = await chain.public.getTransactionReceipt({ hash: hash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(await balance(destination)).toBe(paid);
  });
});

describe("the venue twin's process", () => {
  const entry = fileURLToPath(new URL("../../src/twins/hyperliquid/main.ts", import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const twinDir = join(dir, "venue-process");
  const stateFile = join(twinDir, "state.json");
  const key = "venue-process-key";

  /** Starts the twin as the launcher would (COMPASS_TWIN_*), on a port of its own; resolves on its ready line. */
  async function launch(
    stdin: "ignore" | "pipe",
    at: { addressBookPath: string; stateFile: string } = {
      addressBookPath: devnet.addressBookPath,
      stateFile,
    },
  ) {
    const child = spawn(process.execPath, ["--import", tsx, entry], {
      env: {
        ...process.env,
        [TWIN_ENV.name]: "venue",
        [TWIN_ENV.port]: String(portBase + 45),
        [TWIN_ENV.devnetDir]: dir,
        [TWIN_ENV.addressBookPath]: at.addressBookPath,
        [TWIN_ENV.twinDir]: twinDir,
        [TWIN_ENV.stateFile]: at.stateFile,
        [TWIN_ENV.apiKey]: key,
        VENUE_SEED: "process-test",
      },
      stdio: [stdin, "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", () => reject(new Error("the venue twin exited before it was ready")));
    });
    return { child, exited, ready: JSON.parse(line) };
  }
  const admin = (url: string, path: string, body?: unknown) =>
    fetch(`${url}/_twin/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${key}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());
  const user = "0x00000000000000000000000000000000000000aa";

  it("prints one ready line, answers /health, and flushes its state on SIGTERM", async () => {
    const { child, exited, ready } = await launch("ignore");
    expect(ready).toMatchObject({ ready: true, name: "venue" });
    expect(ready.url).toBe(`http://127.0.0.1:${portBase + 45}`);
    expect(await fetch(`${ready.url}/health`).then((r) => r.json())).toMatchObject({
      ok: true,
      name: "venue",
      network: "Mainnet",
    });
    expect(await admin(ready.url, "credit", { user, usd: 42, txHash: "0xabc" })).toEqual({
      credited: true,
      balance: "42.0",
    });
    await admin(ready.url, "clock", { advanceMs: 60_000 });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const state = JSON.parse(readFileSync(stateFile, "utf8"));
    expect(state.seed).toBe("process-test");
    expect(state.accounts[user].balance).toBe(42_000_000);
    expect(state.clockOffsetMs).toBeGreaterThanOrEqual(60_000);
  });

  it("behavior: restarts from its state file and exits when the launcher's stdin pipe closes", async () => {
    const { child, exited, ready } = await launch("pipe");
    expect(await admin(ready.url, `account?user=${user}`)).toMatchObject({ balance: "42.0" });
    child.stdin!.end();
    expect(await exited).toBe(0);
    await expect(fetch(`${ready.url}/health`)).rejects.toThrow();
  });

  it("parameters: network Testnet in the address book (twins.venue.network) makes a Testnet venue", async () => {
    const book = JSON.parse(readFileSync(devnet.addressBookPath, "utf8"));
    expect(book.twins.venue.network).toBe("Mainnet"); // the default the launcher lists
    book.twins.venue.network = "Testnet";
    const testnetBook = join(dir, "addressbook-testnet.json");
    writeFileSync(testnetBook, JSON.stringify(book));
    const { child, exited, ready } = await launch("ignore", {
      addressBookPath: testnetBook,
      stateFile: join(twinDir, "testnet-state.json"),
    });
    try {
      expect(await fetch(`${ready.url}/health`).then((r) => r.json())).toMatchObject({ network: "Testnet" });
      const info = new InfoClient({ transport: new HttpTransport({ apiUrl: ready.url, isTestnet: true }) });
      expect((await info.spotMeta()).tokens[0].tokenId).toBe("0xeb62eee3685fc4c43992febcd9e75443");
    } finally {
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
  });
});
