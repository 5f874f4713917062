import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DevnetHandle, roleAccount, startDevnet } from "@compass/devnet";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  pad,
  parseUnits,
  toEventSelector,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningIndexer, startIndexer } from "../lib/launcher.ts";
import { EVENTS, INDEXED_SELECTORS } from "../src/events.ts";

/**
 * The index on a devnet (ethereum with the earn protocols): what it answers is what eth_getLogs answers on the
 * chain for the same filter and range, log for log; a new transfer is there within a second or two; a reorged
 * block's logs go; stopped and started again it resumes from its checkpoint and catches up with what it missed.
 *
 * On its embedded database (PGlite, as `npm start` runs it) and, when `COMPASS_INDEX_TEST_DATABASE_URL` names one, on
 * PostgreSQL too: the same tests, one index after the other on one devnet. (`npm test` runs the stack's index, which
 * both its servers read, on PostgreSQL.)
 */
const PORT_BASE = Number(process.env.COMPASS_UNIT_PORT_BASE ?? 20545) + 7300;
const MODES: { name: string; databaseUrl?: string; port: number }[] = [
  { name: "PGlite", port: PORT_BASE + 50 },
  ...(process.env.COMPASS_INDEX_TEST_DATABASE_URL
    ? [{ name: "PostgreSQL", databaseUrl: process.env.COMPASS_INDEX_TEST_DATABASE_URL, port: PORT_BASE + 51 }]
    : []),
];

let devnet: DevnetHandle;
let index: RunningIndexer;
let client: PublicClient;
let dir: string;
const timings: Record<string, Record<string, number>> = {};
let mode: string;
const timing = () => (timings[mode] ??= {});

type RpcLog = {
  address: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  topics: Hex[];
  data: Hex;
  blockTimestamp?: Hex;
};
type Filter = { address?: Address[]; topics: (Hex | Hex[] | null)[] };

const contract = (name: string) => devnet.addressBook.chains.ethereum!.contracts[name] as Address;
const topic = (address: Address) => pad(address.toLowerCase() as Hex);

async function indexed(filter: Filter, fromBlock = 0n, toBlock?: bigint) {
  const response = await fetch(`${index.url}/logs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      chainId: 1,
      fromBlock: fromBlock.toString(),
      ...(toBlock !== undefined && { toBlock: toBlock.toString() }),
      ...filter,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { indexedToBlock: string; indexedFromBlock: string; logs: RpcLog[] };
}

const comparable = (l: RpcLog) => ({
  address: l.address.toLowerCase(),
  blockNumber: l.blockNumber,
  blockHash: l.blockHash,
  transactionHash: l.transactionHash,
  transactionIndex: l.transactionIndex,
  logIndex: l.logIndex,
  topics: l.topics,
  data: l.data,
  ...(l.blockTimestamp !== undefined && { blockTimestamp: l.blockTimestamp }),
});

/** The index's answer and eth_getLogs' for the same filter over what the index holds, compared log for log. */
async function sameAsChain(filter: Filter): Promise<RpcLog[]> {
  const fromIndex = await indexed(filter);
  const toBlock = BigInt(fromIndex.indexedToBlock);
  const fromChain = (await client.request({
    method: "eth_getLogs",
    params: [
      {
        fromBlock: `0x${BigInt(fromIndex.indexedFromBlock).toString(16)}`,
        toBlock: `0x${toBlock.toString(16)}`,
        ...(filter.address && { address: filter.address }),
        topics: filter.topics,
      },
    ],
  } as never)) as RpcLog[];
  const chainHasTime = fromChain.some((l) => l.blockTimestamp !== undefined);
  expect(
    fromIndex.logs.map((l) => comparable(chainHasTime ? l : { ...l, blockTimestamp: undefined })),
  ).toEqual(fromChain.map(comparable));
  return fromIndex.logs;
}

async function eventually<T>(read: () => Promise<T | undefined>, ms = 8_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function transferTo(to: Address, from = 1) {
  const account = privateKeyToAccount(devnet.addressBook.accounts.dev[from]!.privateKey);
  const wallet = createWalletClient({ account, transport: http(devnet.chains.ethereum!.rpcUrl) });
  const usdc = devnet.addressBook.tokens!.ethereum!.USDC!.address as Address;
  const hash = await wallet.writeContract({
    chain: null,
    address: usdc,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to, parseUnits("1", 6)],
  });
  return client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

const TRANSFER = toEventSelector(EVENTS.Erc20Transfer);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "compass-index-"));
  const t = performance.now();
  devnet = await startDevnet({
    dir: join(dir, "devnet"),
    portBase: PORT_BASE,
    chains: ["ethereum"],
    twins: [],
    snapshots: false,
  });
  timings.devnet = { startMs: performance.now() - t };
  client = createPublicClient({ transport: http(devnet.chains.ethereum!.rpcUrl) }) as PublicClient;
}, 240_000);

afterAll(async () => {
  await devnet?.stop({ discard: true });
  if (dir) rmSync(dir, { recursive: true, force: true });
  const ms = (n?: number) => `${Math.round(n ?? 0)} ms`;
  console.log(
    `index test: devnet ${ms(timings.devnet?.startMs)}; ${MODES.map(({ name }) => {
      const t = timings[name] ?? {};
      return (
        `${name}: ready ${ms(t.readyMs)}, new log indexed in ${ms(t.newLogMs)}, reorg reverted in ${ms(t.reorgMs)}, ` +
        `restarted in ${ms(t.restartMs)}, ${t.logs ?? 0} logs`
      );
    }).join("; ")}`,
  );
});

/** The index of `m` on the devnet, in its own directory (and schema): the same one again when started twice. */
function launch(m: (typeof MODES)[number], log?: (line: string) => void) {
  return startIndexer({
    dir: join(dir, `index-${m.name}`),
    addressBook: devnet.addressBookPath,
    port: m.port,
    databaseUrl: m.databaseUrl,
    log: (line) => {
      log?.(line);
      if (process.env.COMPASS_INDEX_TEST_LOG) console.log(line);
    },
  });
}

describe.each(MODES)("the event index on a devnet ($name)", { timeout: 60_000 }, (m) => {
  beforeAll(async () => {
    mode = m.name;
    const t = performance.now();
    index = await launch(m);
    timing().readyMs = performance.now() - t;
  }, 240_000);
  afterAll(() => index?.stop());

  it("answers every indexed event, across all contracts, as eth_getLogs does", async () => {
    const all = await sameAsChain({ topics: [[...INDEXED_SELECTORS] as Hex[]] });
    timing().logs = all.length;
    expect(all.length).toBeGreaterThan(100);
    // ERC-721 transfers (Uniswap positions) share the ERC-20 Transfer's topic0 and are there too
    expect(all.some((l) => l.topics[0] === TRANSFER && l.topics.length === 4)).toBe(true);
    const status = await index.status();
    expect(status.ready).toBe(true);
    expect(status.chains.ethereum!.indexedToBlock).toBeGreaterThan(0);
  });

  it("answers the API's reads as eth_getLogs does", async () => {
    // Aave: a pool's rate updates
    const pool = contract("AavePool");
    expect(
      await sameAsChain({ address: [pool], topics: [toEventSelector(EVENTS.AaveReserveDataUpdated)] }),
    ).not.toEqual([]);
    // transfers to an account, over any contract
    const operator = roleAccount("earn_operator").address;
    expect(await sameAsChain({ topics: [TRANSFER, null, topic(operator)] })).not.toEqual([]);
    // ERC-4626 deposits by owner, over any vault
    expect(
      await sameAsChain({ topics: [toEventSelector(EVENTS.Erc4626Deposit), null, topic(operator)] }),
    ).not.toEqual([]);
    // Morpho: the markets, then one market's supply, withdraw, borrow and repay
    const morpho = contract("MorphoBlue");
    const markets = await sameAsChain({
      address: [morpho],
      topics: [toEventSelector(EVENTS.MorphoCreateMarket)],
    });
    expect(markets).not.toEqual([]);
    const events = [EVENTS.MorphoSupply, EVENTS.MorphoWithdraw, EVENTS.MorphoBorrow, EVENTS.MorphoRepay].map(
      (e) => toEventSelector(e),
    );
    for (const market of markets)
      await sameAsChain({ address: [morpho], topics: [events, market.topics[1]!] });
    expect(await sameAsChain({ address: [morpho], topics: [events, markets[0]!.topics[1]!] })).not.toEqual(
      [],
    );
  });

  it("answers the newest n of a long history: the same as the tail of the whole", async () => {
    const filter = { topics: [TRANSFER] as (Hex | Hex[] | null)[] };
    const all = await indexed(filter);
    expect(all.logs.length).toBeGreaterThan(20);
    const response = await fetch(`${index.url}/logs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chainId: 1, fromBlock: "0", toBlock: all.indexedToBlock, newest: 7, ...filter }),
    });
    const page = (await response.json()) as { logs: RpcLog[] };
    expect(page.logs.map(comparable)).toEqual(all.logs.slice(-7).map(comparable));
  });

  it("holds a new transfer within seconds, complete to its block", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const receipt = await transferTo(to);
    const t = performance.now();
    const answer = await eventually(async () => {
      const a = await indexed({ topics: [TRANSFER, null, topic(to)] });
      return a.logs.length ? a : undefined;
    });
    timing().newLogMs = performance.now() - t;
    expect(BigInt(answer.indexedToBlock)).toBeGreaterThanOrEqual(receipt.blockNumber);
    expect(answer.logs.map((l) => l.transactionHash)).toEqual([receipt.transactionHash]);
    // 1 s polling and a block's transaction: about a second on a quiet machine
    expect(timing().newLogMs).toBeLessThan(8_000);
  });

  it("drops the logs of a reorged block", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const receipt = await transferTo(to);
    await eventually(async () => {
      const a = await indexed({ topics: [TRANSFER, null, topic(to)] });
      return a.logs.length ? a : undefined;
    });
    // the transfer's block replaced by an empty one at the same height
    await client.request({ method: "anvil_reorg", params: [1, []] } as never);
    const head = await client.getBlockNumber({ cacheTime: 0 });
    expect(head).toBe(receipt.blockNumber);
    const t = performance.now();
    await eventually(async () => {
      const a = await indexed({ topics: [TRANSFER, null, topic(to)] });
      return a.logs.length === 0 && BigInt(a.indexedToBlock) >= head ? a : undefined;
    });
    timing().reorgMs = performance.now() - t;
    // and the rest of the chain still agrees, log for log
    await sameAsChain({ topics: [TRANSFER] });
  });

  it("resumes from its checkpoint after a restart, and catches up with the blocks it missed", async () => {
    const schema = index.schema;
    const heldBefore = (await indexed({ topics: [TRANSFER] })).logs.length;
    await index.stop();
    // a transfer while it is down
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const receipt = await transferTo(to);
    const lines: string[] = [];
    const t = performance.now();
    index = await launch(m, (line) => lines.push(line));
    timing().restartMs = performance.now() - t;
    // the same schema, picked up where it stopped: Ponder's crash recovery, not a backfill from block zero
    expect(index.schema).toBe(schema);
    expect(lines.join("\n")).toMatch(/crash recovery/i);
    const answer = await eventually(async () => {
      const a = await indexed({ topics: [TRANSFER, null, topic(to)] });
      return a.logs.length ? a : undefined;
    });
    expect(answer.logs.map((l) => l.transactionHash)).toEqual([receipt.transactionHash]);
    // nothing twice: every transfer it held before, plus the new one
    const held = await sameAsChain({ topics: [TRANSFER] });
    expect(held.length).toBe(heldBefore + 1);
  });

  it("refuses a filter it cannot answer completely, naming the field", async () => {
    const post = (body: unknown) =>
      fetch(`${index.url}/logs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const unindexed = await post({ chainId: 1, fromBlock: 0, topics: [`0x${"12".repeat(32)}`] });
    expect(unindexed.status).toBe(422);
    expect(((await unindexed.json()) as { field: string }).field).toBe("topics[0]");
    const otherChain = await post({ chainId: 8453, fromBlock: 0, topics: [TRANSFER] });
    expect(otherChain.status).toBe(422);
    expect(((await otherChain.json()) as { field: string }).field).toBe("chainId");
  });
});
