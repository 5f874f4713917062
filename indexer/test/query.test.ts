import { toEventSelector } from "viem";
import { describe, expect, it } from "vitest";
import { BadRequest, parseLogsQuery, rpcLog } from "../lib/query.ts";
import { EVENTS, INDEXED_EVENTS, INDEXED_SELECTORS } from "../src/events.ts";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ACCOUNT = `0x${"0".repeat(24)}${"ab".repeat(20)}`;
const chains = new Set([1, 8453]);
const parse = (body: unknown) => parseLogsQuery(body, chains, INDEXED_SELECTORS);

function refused(body: unknown): string {
  try {
    parse(body);
  } catch (error) {
    if (error instanceof BadRequest) return error.field;
    throw error;
  }
  throw new Error("accepted");
}

describe("POST /logs bodies", () => {
  it("takes eth_getLogs' filter: blocks in any notation, topics null / one / any of", () => {
    expect(
      parse({
        chainId: 1,
        fromBlock: "0x10",
        toBlock: "100",
        address: ["0x" + "AB".repeat(20)],
        topics: [TRANSFER, null, [ACCOUNT.toUpperCase().replace("0X", "0x")]],
      }),
    ).toEqual({
      chainId: 1,
      fromBlock: 16n,
      toBlock: 100n,
      address: [`0x${"ab".repeat(20)}`],
      topics: [[TRANSFER], null, [ACCOUNT]],
    });
    expect(
      parse({ chainId: 8453, fromBlock: 0, toBlock: "latest", address: [], topics: [[TRANSFER], []] }),
    ).toEqual({
      chainId: 8453,
      fromBlock: 0n,
      toBlock: undefined,
      address: undefined,
      topics: [[TRANSFER], null],
    });
  });

  it("refuses with the field named", () => {
    expect(refused({ chainId: 1, fromBlock: 0, topics: [TRANSFER], newest: 0 })).toBe("newest");
    expect(refused({ chainId: 1, fromBlock: 0, topics: [TRANSFER], newest: 10_001 })).toBe("newest");
    expect(refused({ chainId: 1, fromBlock: 0, topics: [TRANSFER], newest: "5" })).toBe("newest");
    expect(parse({ chainId: 1, fromBlock: 0, topics: [TRANSFER], newest: 50 }).newest).toBe(50);
    expect(refused(null)).toBe("body");
    expect(refused({ chainId: 1, fromBlock: 0, topics: [TRANSFER], extra: 1 })).toBe("extra");
    expect(refused({ chainId: 10, fromBlock: 0, topics: [TRANSFER] })).toBe("chainId");
    expect(refused({ chainId: "1", fromBlock: 0, topics: [TRANSFER] })).toBe("chainId");
    expect(refused({ chainId: 1, topics: [TRANSFER] })).toBe("fromBlock");
    expect(refused({ chainId: 1, fromBlock: -1, topics: [TRANSFER] })).toBe("fromBlock");
    expect(refused({ chainId: 1, fromBlock: 5, toBlock: 4, topics: [TRANSFER] })).toBe("toBlock");
    expect(refused({ chainId: 1, fromBlock: 0, address: ["0x12"], topics: [TRANSFER] })).toBe("address[0]");
    expect(refused({ chainId: 1, fromBlock: 0, topics: [] })).toBe("topics");
    expect(refused({ chainId: 1, fromBlock: 0, topics: [null, ACCOUNT] })).toBe("topics[0]");
    expect(refused({ chainId: 1, fromBlock: 0, topics: [`0x${"1".repeat(64)}`] })).toBe("topics[0]");
    expect(refused({ chainId: 1, fromBlock: 0, topics: [TRANSFER, ["0x1"]] })).toBe("topics[1][0]");
  });

  it("answers logs as eth_getLogs does (hex quantities, topics without gaps)", () => {
    expect(
      rpcLog({
        address: "0xab",
        block_number: "26",
        block_hash: "0xbb",
        block_timestamp: 1700000000n,
        transaction_hash: "0xcc",
        transaction_index: 2,
        log_index: 0,
        topic0: TRANSFER,
        topic1: ACCOUNT,
        topic2: null,
        topic3: null,
        data: "0x",
      }),
    ).toEqual({
      address: "0xab",
      blockNumber: "0x1a",
      blockHash: "0xbb",
      blockTimestamp: "0x6553f100",
      transactionHash: "0xcc",
      transactionIndex: "0x2",
      logIndex: "0x0",
      topics: [TRANSFER, ACCOUNT],
      data: "0x",
      removed: false,
    });
  });
});

describe("the indexed events", () => {
  it("hold each listed event, and the look-alikes of static ones (ERC-721's Transfer)", () => {
    expect(INDEXED_SELECTORS.has(TRANSFER)).toBe(true);
    const transfers = INDEXED_EVENTS.filter((e) => e.selector === TRANSFER).map((e) => e.indexedCount);
    expect(transfers.sort()).toEqual([0, 1, 2, 3]);
    // events with dynamic inputs have no look-alike forms
    expect(
      INDEXED_EVENTS.filter(
        (e) => e.event === EVENTS.MetaMorphoCreate || e.key.startsWith("MetaMorphoCreate"),
      ),
    ).toHaveLength(1);
    // one form per topic0 and indexed count: Centrifuge's and IXS's ERC-7540 RedeemRequest are one
    const forms = new Set(
      Object.values(EVENTS).map(
        (e) => `${toEventSelector(e)}/${e.inputs.filter((i) => (i as { indexed?: boolean }).indexed).length}`,
      ),
    );
    expect(INDEXED_EVENTS.filter((e) => !e.variant)).toHaveLength(forms.size);
  });
});
