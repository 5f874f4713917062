import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  type Log,
  type PublicClient,
  parseAbiItem,
  toEventSelector,
} from "viem";
import { describe, expect, test } from "vitest";
import { LogReader } from "../../../src/kernel/chain/log-reader.ts";
import { UpstreamError } from "../../../src/kernel/errors.ts";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const TOKEN = "0x00000000000000000000000000000000000000aa" as Address;

/**
 * A node as strict as a public provider: eth_getLogs over more than `limit` blocks is refused, code exists
 * from `deployedAt` on, and every call is recorded.
 */
function strictNode(opts: { head: bigint; deployedAt: bigint; limit: bigint; logsAt: bigint[] }) {
  const calls: string[] = [];
  const client = {
    chain: { id: 1 },
    async getBlockNumber() {
      calls.push("eth_blockNumber");
      return opts.head;
    },
    async getCode({ blockNumber }: { blockNumber: bigint }) {
      calls.push(`eth_getCode@${blockNumber}`);
      return blockNumber >= opts.deployedAt ? "0x6080" : undefined;
    },
    async getLogs({ fromBlock, toBlock }: { fromBlock: bigint; toBlock: bigint }) {
      calls.push(`eth_getLogs ${fromBlock}-${toBlock}`);
      if (toBlock - fromBlock + 1n > opts.limit)
        throw new Error(`block range too large: max ${opts.limit} blocks per eth_getLogs`);
      return opts.logsAt
        .filter((b) => b >= fromBlock && b <= toBlock)
        .map((b) => ({ blockNumber: b }) as Log);
    },
  };
  return { client: client as unknown as PublicClient, calls };
}

const reader = (over: Partial<ConstructorParameters<typeof LogReader>[0]> = {}) =>
  new LogReader({ maxRange: 1000n, finality: 64n, maxPages: 50, ...over });

describe("LogReader", () => {
  test("default: reads from the deployment block in windows the provider accepts, and finds every log", async () => {
    const node = strictNode({
      head: 4500n,
      deployedAt: 1234n,
      limit: 1000n,
      logsAt: [1234n, 1999n, 2000n, 4500n],
    });
    const logs = await reader().getLogs(node.client, { address: TOKEN, event: TRANSFER });
    expect(logs.map((l) => l.blockNumber)).toEqual([1234n, 1999n, 2000n, 4500n]);
    expect(node.calls.filter((c) => c.startsWith("eth_getLogs"))).toEqual([
      "eth_getLogs 1234-1999",
      "eth_getLogs 2000-2999",
      "eth_getLogs 3000-3999",
      "eth_getLogs 4000-4500",
    ]);
  });

  test("behavior: final windows are kept; a later read asks only for the part that can still change", async () => {
    const node = strictNode({ head: 4500n, deployedAt: 1234n, limit: 1000n, logsAt: [1500n, 4400n] });
    const r = reader();
    await r.getLogs(node.client, { address: TOKEN, event: TRANSFER });
    node.calls.length = 0;
    const again = await r.getLogs(node.client, { address: TOKEN, event: TRANSFER });
    expect(again.map((l) => l.blockNumber)).toEqual([1500n, 4400n]);
    // the deployment block is known now, and only the window at the head is read again
    expect(node.calls).toEqual(["eth_blockNumber", "eth_getLogs 4000-4500"]);
    expect(r.stats.cachedPages).toBe(3);
  });

  test("behavior: the deployment block comes from the address book when it lists it (no search)", async () => {
    const node = strictNode({ head: 3000n, deployedAt: 2500n, limit: 1000n, logsAt: [2600n] });
    const r = reader({ knownDeployBlock: () => 2500n });
    expect((await r.getLogs(node.client, { address: TOKEN, event: TRANSFER })).length).toBe(1);
    expect(node.calls.some((c) => c.startsWith("eth_getCode"))).toBe(false);
    expect(node.calls.filter((c) => c.startsWith("eth_getLogs"))).toEqual([
      "eth_getLogs 2500-2999",
      "eth_getLogs 3000-3000",
    ]);
  });

  test("behavior: on a node that pruned old state, the search errs towards earlier blocks, never missing a log", async () => {
    const node = strictNode({ head: 3000n, deployedAt: 1500n, limit: 1000n, logsAt: [1500n, 2900n] });
    const pruned = node.client.getCode;
    node.client.getCode = (async (a: { blockNumber: bigint }) => {
      if (a.blockNumber < 2872n) throw new Error("missing trie node");
      return pruned(a as never);
    }) as never;
    const logs = await reader().getLogs(node.client, { address: TOKEN, event: TRANSFER });
    expect(logs.map((l) => l.blockNumber)).toEqual([1500n, 2900n]);
  });

  test("behavior: an address with no code yet has no logs and is looked up again later", async () => {
    const node = strictNode({ head: 100n, deployedAt: 10_000n, limit: 1000n, logsAt: [] });
    const r = reader();
    expect(await r.getLogs(node.client, { address: TOKEN, event: TRANSFER })).toEqual([]);
    expect(node.calls.some((c) => c.startsWith("eth_getLogs"))).toBe(false);
    await r.getLogs(node.client, { address: TOKEN, event: TRANSFER });
    expect(r.stats.deploySearches).toBe(2);
  });

  test("behavior: a history longer than the page budget is a clear 502, not thousands of calls", async () => {
    const node = strictNode({ head: 10_000_000n, deployedAt: 1n, limit: 1000n, logsAt: [] });
    const error = await reader()
      .getLogs(node.client, { address: TOKEN, event: TRANSFER })
      .catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toMatch(/10001 eth_getLogs pages of 1000 blocks, more than the 50/);
    expect(node.calls.some((c) => c.startsWith("eth_getLogs"))).toBe(false);
  });

  test("behavior: several events in one eth_getLogs — topic0 any of them, the account's topic, each log decoded by its own", async () => {
    const DEPOSIT = parseAbiItem(
      "event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)",
    );
    const SUPPLY = parseAbiItem(
      "event Supply(address indexed reserve, address user, address indexed onBehalfOf, uint256 amount, uint16 indexed referralCode)",
    );
    const account = "0x00000000000000000000000000000000000000bb" as Address;
    const raw = (address: Address, topics: readonly unknown[], data: string, block: number) => ({
      address,
      topics,
      data,
      blockNumber: `0x${block.toString(16)}`,
      blockHash: `0x${"1".repeat(64)}`,
      transactionHash: `0x${"2".repeat(64)}`,
      transactionIndex: "0x0",
      logIndex: "0x0",
      removed: false,
    });
    const requests: unknown[] = [];
    const client = {
      chain: { id: 1 },
      getBlockNumber: async () => 100n,
      async request(args: { method: string; params: unknown[] }) {
        requests.push(args);
        return [
          raw(
            TOKEN,
            encodeEventTopics({ abi: [DEPOSIT], args: { sender: account, owner: account } }),
            encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [5n, 4n]),
            10,
          ),
          raw(
            TOKEN,
            encodeEventTopics({
              abi: [SUPPLY],
              args: { reserve: TOKEN, onBehalfOf: account, referralCode: 0 },
            }),
            encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [account, 7n]),
            11,
          ),
          // a contract's own "Deposit" with the same topic0 but no such data: not the event, dropped
          raw(
            TOKEN,
            encodeEventTopics({ abi: [DEPOSIT], args: { sender: account, owner: account } }),
            "0x",
            12,
          ),
        ];
      },
    } as unknown as PublicClient;
    const topic = `0x${account.slice(2).padStart(64, "0")}` as const;
    const logs = (await reader().getLogs(client, {
      events: [DEPOSIT, SUPPLY],
      topics: [null, topic],
      fromBlock: 5n,
    })) as (Log & { eventName: string; args: Record<string, unknown> })[];
    expect(requests).toEqual([
      {
        method: "eth_getLogs",
        params: [
          {
            topics: [[toEventSelector(DEPOSIT), toEventSelector(SUPPLY)], null, topic],
            fromBlock: "0x5",
            toBlock: "0x64",
          },
        ],
      },
    ]);
    expect(logs.map((l) => [l.eventName, l.blockNumber])).toEqual([
      ["Deposit", 10n],
      ["Supply", 11n],
    ]);
    expect(logs[1]!.args).toMatchObject({ onBehalfOf: account, amount: 7n });
  });

  test("parameters: newest — only the latest logs, read from the head backwards until found, the rest never asked", async () => {
    const node = strictNode({
      head: 9500n,
      deployedAt: 1000n,
      limit: 1000n,
      logsAt: [1200n, 3300n, 8100n, 8200n, 9400n],
    });
    const r = reader({ maxPages: 6 });
    // the whole history takes 9 windows: over the budget of 6
    await expect(r.getLogs(node.client, { address: TOKEN, event: TRANSFER })).rejects.toThrow(
      /eth_getLogs pages/,
    );
    node.calls.length = 0;
    const logs = await r.getLogs(node.client, { address: TOKEN, event: TRANSFER, newest: 3 });
    expect(logs.map((l) => l.blockNumber)).toEqual([8100n, 8200n, 9400n]);
    // one batch of four windows at the head (read side by side) holds three: nothing older read
    expect(node.calls.filter((c) => c.startsWith("eth_getLogs")).sort()).toEqual([
      "eth_getLogs 6000-6999",
      "eth_getLogs 7000-7999",
      "eth_getLogs 8000-8999",
      "eth_getLogs 9000-9500",
    ]);
    // more than the budget finds: the same clear 502
    await expect(r.getLogs(node.client, { address: TOKEN, event: TRANSFER, newest: 5 })).rejects.toThrow(
      /eth_getLogs pages/,
    );
    // within the budget's reach, as many as there are
    const wide = reader({ maxPages: 20 });
    expect(
      (await wide.getLogs(node.client, { address: TOKEN, event: TRANSFER, newest: 50 })).map(
        (l) => l.blockNumber,
      ),
    ).toEqual([1200n, 3300n, 8100n, 8200n, 9400n]);
  });
});
