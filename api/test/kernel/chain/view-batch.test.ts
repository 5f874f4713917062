import {
  type Address,
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeErrorResult,
  encodeFunctionResult,
  erc20Abi,
  erc4626Abi,
  getAddress,
  type Hex,
  parseAbi,
  zeroAddress,
} from "viem";
import { describe, expect, it } from "vitest";
import { isWrongContract } from "../../../src/kernel/chain/contract-check.ts";
import { VIEW_LENS_CODE } from "../../../src/kernel/chain/lens/view-lens.ts";
import {
  CHUNK,
  decodeAggregate3,
  encodeAggregate3,
  LENS_CHUNK,
  readView,
  readViews,
  ViewError,
} from "../../../src/kernel/chain/view-batch.ts";

const multicallAbi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);
const viewsAbi = parseAbi([
  "function market(bytes32 id) view returns (uint128, uint128, uint128, uint128, uint128, uint128)",
  "function config(bytes32) view returns (uint184 cap, bool enabled, uint64 removableAt)",
  "function withdrawQueue(uint256) view returns (bytes32)",
  "function caps() view returns (uint16 supplyCap, uint16 borrowCap)",
  "function tick() view returns (int24)",
  "function delta() view returns (int256)",
  "function position(bytes32 id, address user) view returns (uint256, uint128, uint128)",
  "error Paused(address by)",
]);
const abi = [...erc20Abi, ...erc4626Abi, ...viewsAbi] as const;

const VAULT = getAddress("0x1111111111111111111111111111111111111111");
const TOKEN = getAddress("0x2222222222222222222222222222222222222222");
const ID = `0x${"ab".repeat(32)}` as Hex;

/** What a contract answers a call, by selector and arguments, or a revert / no code. */
function answer(target: Address, data: Hex): { success: boolean; data: Hex } {
  if (target === zeroAddress) return { success: true, data: "0x" };
  const { functionName, args } = decodeFunctionData({ abi, data });
  const ok = (result: unknown) => ({
    success: true,
    data: encodeFunctionResult({ abi, functionName, result } as never),
  });
  switch (functionName) {
    case "totalAssets":
      return ok(123_456_789_012_345_678_901_234_567n);
    case "balanceOf":
      return ok(BigInt(args![0] as string) % 1_000_000n);
    case "convertToAssets":
      return ok((args![0] as bigint) * 2n);
    case "name":
      return ok(`Vault at ${target.slice(0, 6)}`);
    case "decimals":
      return ok(6);
    case "asset":
      return ok(TOKEN);
    case "market":
      return ok([1n, 2n, 3n, 4n, 1_700_000_000n, 0n]);
    case "config":
      return ok([5n * 10n ** 30n, true, 0n]);
    case "withdrawQueue":
      return ok(ID);
    case "caps":
      return ok([1234, 0]);
    case "tick":
      return ok(-887_220);
    case "delta":
      return ok(-(10n ** 40n));
    case "position":
      return ok([7n, 8n, 9n]);
    case "maxDeposit":
      return {
        success: false,
        data: encodeErrorResult({ abi, errorName: "Paused", args: [TOKEN] }),
      };
    default:
      throw new Error(`no ${functionName}`);
  }
}

/** A node that runs Multicall3's aggregate3 through viem's own ABI coder and counts the eth_calls it answers. */
function fakeNode() {
  const seen: { ethCalls: number; reads: number; blocks: string[]; lensReads?: number } = {
    ethCalls: 0,
    reads: 0,
    blocks: [],
  };
  const client = createPublicClient({
    transport: custom({
      async request({ method, params }: { method: string; params: any[] }) {
        if (method !== "eth_call") throw new Error(`no ${method}`);
        seen.ethCalls++;
        seen.blocks.push(params[1]);
        if (params[0].to === undefined) return runLens(params[0].data, seen);
        const { args } = decodeFunctionData({ abi: multicallAbi, data: params[0].data });
        const calls = args[0] as readonly { target: Address; allowFailure: boolean; callData: Hex }[];
        seen.reads += calls.length;
        expect(calls.every((c) => c.allowFailure)).toBe(true);
        return encodeFunctionResult({
          abi: multicallAbi,
          functionName: "aggregate3",
          result: calls.map((c) => {
            const a = answer(getAddress(c.target), c.callData);
            return { success: a.success, returnData: a.data };
          }),
        });
      },
    }),
  });
  return { client, seen };
}

/**
 * The lens as the EVM runs it (ViewLens.yul): its code, then [has argument][target][selector][argument]… and their
 * length; it answers [status][first word] per read.
 */
function runLens(data: Hex, seen: { reads: number; lensReads?: number }): Hex {
  const hex = data.slice(2);
  expect(hex.startsWith(VIEW_LENS_CODE)).toBe(true);
  const len = Number.parseInt(hex.slice(-64), 16);
  const entries = hex.slice(-64 - len * 2, -64);
  expect(hex.length).toBe(VIEW_LENS_CODE.length + len * 2 + 64);
  let out = "0x";
  for (let at = 0; at < entries.length; ) {
    const hasArg = entries.slice(at, at + 2) === "01";
    const target = getAddress(`0x${entries.slice(at + 2, at + 42)}`);
    const call = `0x${entries.slice(at + 42, at + 50 + (hasArg ? 64 : 0))}` as Hex;
    at += 50 + (hasArg ? 64 : 0);
    seen.reads++;
    seen.lensReads = (seen.lensReads ?? 0) + 1;
    const a = answer(target, call);
    const word = a.success ? a.data.slice(2, 66).padEnd(64, "0") : "0".repeat(64);
    out += `${!a.success ? "00" : a.data.length >= 66 ? "01" : "02"}${word}`;
  }
  return out as Hex;
}

describe("readView: views read in bulk, one eth_call per chunk", () => {
  it("answers what viem's coder answers, for static words, tuples, strings and signed values", async () => {
    const { client, seen } = fakeNode();
    const read = <T>(functionName: string, args?: unknown[], address = VAULT) =>
      readView<T>(client, { address, abi, functionName, args, blockTag: "pending" });
    const got = await Promise.all([
      read("totalAssets"),
      read("balanceOf", [VAULT], TOKEN),
      read("convertToAssets", [10n ** 18n]),
      read("name"),
      read("decimals"),
      read("asset"),
      read("market", [ID]),
      read("config", [ID]),
      read("withdrawQueue", [3n]),
      read("caps"),
      read("tick"),
      read("delta"),
      read("position", [ID, VAULT]),
    ]);
    expect(got).toEqual([
      123_456_789_012_345_678_901_234_567n,
      BigInt(VAULT) % 1_000_000n,
      2n * 10n ** 18n,
      "Vault at 0x1111",
      6,
      TOKEN,
      [1n, 2n, 3n, 4n, 1_700_000_000n, 0n],
      [5n * 10n ** 30n, true, 0n],
      ID,
      [1234, 0],
      -887_220,
      -(10n ** 40n),
      [7n, 8n, 9n],
    ]);
    // one turn, one block: the one-word reads in one lens call, the others in one aggregate3, at the block asked for
    expect(seen).toEqual({ ethCalls: 2, reads: 13, lensReads: 8, blocks: ["pending", "pending"] });
  });

  it("reads a call asked twice in a turn once, and splits a turn's reads into chunks", async () => {
    const { client, seen } = fakeNode();
    const twice = await Promise.all([
      readView(client, { address: VAULT, abi, functionName: "totalAssets" }),
      readView(client, { address: VAULT, abi, functionName: "totalAssets" }),
    ]);
    expect(twice[0]).toBe(twice[1]);
    expect(seen.reads).toBe(1);

    const many = Array.from({ length: LENS_CHUNK * 2 + 5 }, (_, i) =>
      getAddress(`0x${(i + 1).toString(16).padStart(40, "0")}`),
    );
    const balances = await Promise.all(
      many.map((holder) =>
        readView<bigint>(client, { address: TOKEN, abi, functionName: "balanceOf", args: [holder] }),
      ),
    );
    expect(balances).toEqual(many.map((h) => BigInt(h) % 1_000_000n));
    expect(seen.ethCalls).toBe(1 + 3);

    const names = await Promise.all(
      many.map((vault) => readView<string>(client, { address: vault, abi, functionName: "name" })),
    );
    expect(names[CHUNK + 1]).toBe(`Vault at ${many[CHUNK + 1]!.slice(0, 6)}`);
    expect(seen.ethCalls).toBe(1 + 3 + Math.ceil(many.length / CHUNK));
  });

  it("reads through aggregate3 alone once a node refuses the lens", async () => {
    const { client: node, seen } = fakeNode();
    let refused = 0;
    const client = createPublicClient({
      transport: custom(
        {
          async request(args: { method: string; params: any[] }) {
            if (args.params[0].to === undefined) {
              refused++;
              throw Object.assign(new Error("contract creation not allowed in eth_call"), { code: -32000 });
            }
            return node.request(args as never);
          },
        },
        { retryCount: 0 },
      ),
    });
    const read = () => readView<bigint>(client, { address: VAULT, abi, functionName: "totalAssets" });
    expect(await read()).toBe(123_456_789_012_345_678_901_234_567n);
    expect(await read()).toBe(123_456_789_012_345_678_901_234_567n);
    expect(refused).toBe(1);
    expect(seen.lensReads).toBeUndefined();
    expect(seen.reads).toBe(2);
  });

  it("rejects a revert and an address without code as viem names them, and reads the rest", async () => {
    const { client } = fakeNode();
    const [reverted, empty, fine, emptyString] = await Promise.allSettled([
      readView(client, { address: VAULT, abi, functionName: "maxDeposit", args: [zeroAddress] }),
      readView(client, { address: zeroAddress, abi, functionName: "totalAssets" }),
      readView(client, { address: VAULT, abi, functionName: "totalAssets" }),
      readView(client, { address: zeroAddress, abi, functionName: "name" }),
    ]);
    expect((emptyString as PromiseRejectedResult).reason.message).toMatch(/returned no data/);
    expect(reverted.status).toBe("rejected");
    expect((reverted as PromiseRejectedResult).reason).toBeInstanceOf(ViewError);
    expect((reverted as PromiseRejectedResult).reason.message).toMatch(/execution reverted/);
    expect((empty as PromiseRejectedResult).reason.message).toMatch(/returned no data/);
    expect(isWrongContract((reverted as PromiseRejectedResult).reason)).toBe(true);
    expect(isWrongContract((empty as PromiseRejectedResult).reason)).toBe(true);
    expect(fine).toEqual({ status: "fulfilled", value: 123_456_789_012_345_678_901_234_567n });
  });

  it("readViews answers many reads with one promise, each read's value or failure in its place", async () => {
    const { client, seen } = fakeNode();
    const results = await readViews(client, [
      { address: VAULT, abi, functionName: "totalAssets" },
      { address: VAULT, abi, functionName: "maxDeposit", args: [zeroAddress] },
      { address: VAULT, abi, functionName: "name" },
      { address: zeroAddress, abi, functionName: "totalAssets" },
    ]);
    expect(
      results.map((r) => (r.ok ? r.value : (r.error as Error).message.match(/reverted|no data/)![0])),
    ).toEqual([123_456_789_012_345_678_901_234_567n, "reverted", "Vault at 0x1111", "no data"]);
    expect(seen.ethCalls).toBe(2);
    expect(await readViews(client, [])).toEqual([]);
  });

  it("rejects every read of a chunk with the node's error when the eth_call fails", async () => {
    const client = createPublicClient({
      transport: custom(
        {
          async request() {
            throw new Error("node unreachable");
          },
        },
        { retryCount: 0 },
      ),
    });
    await expect(readView(client, { address: VAULT, abi, functionName: "totalAssets" })).rejects.toThrow(
      /node unreachable/,
    );
  });

  it("encodes aggregate3 as viem does and decodes its answer", () => {
    const calls = [
      { target: VAULT, data: "0x01e1d114" as Hex },
      { target: TOKEN, data: `0x70a08231${VAULT.slice(2).toLowerCase().padStart(64, "0")}` as Hex },
      { target: TOKEN, data: "0x12345678deadbeef" as Hex },
    ];
    const ours = encodeAggregate3(calls);
    const { args } = decodeFunctionData({ abi: multicallAbi, data: ours });
    expect(args[0]).toEqual(calls.map((c) => ({ target: c.target, allowFailure: true, callData: c.data })));
    const results = [
      { success: true, returnData: "0x" as Hex },
      { success: false, returnData: "0xdeadbeef" as Hex },
      { success: true, returnData: `0x${"ff".repeat(70)}` as Hex },
    ];
    const answer = encodeFunctionResult({ abi: multicallAbi, functionName: "aggregate3", result: results });
    expect(decodeAggregate3(answer, 3)).toEqual(
      results.map((r) => ({ success: r.success, data: r.returnData })),
    );
    expect(() => decodeAggregate3(answer, 4)).toThrow(/3 results for 4 calls/);
  });
});
