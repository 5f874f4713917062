import { createServer, type Server } from "node:http";
import { MULTICALL3 } from "@compass/constants";
import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  encodeFunctionResult,
  type Hex,
  multicall3Abi,
  padHex,
  toHex,
} from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RecordedUpstreams, recordedUpstreams } from "../src/resilience/recorded.ts";

/**
 * The recorder must answer, from what it recorded, the pieces the API recombines under load: JSON-RPC calls in
 * batches of a new make-up, and Multicall3 aggregates of sub-calls it saw in other aggregates.
 */
let node: Server;
let calls = 0;
let upstreams: RecordedUpstreams;
let url = "";

/** A node whose every sub-call answers its own calldata's last byte, so a wrong composition shows. */
beforeAll(async () => {
  node = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const body = JSON.parse(raw);
      const answer = (c: { id: number; method: string; params: any[] }) => {
        calls++;
        if (c.method === "eth_blockNumber") return { jsonrpc: "2.0", id: c.id, result: "0x10" };
        const subs = decodeAggregate(c.params[0].data);
        const result = encodeFunctionResult({
          abi: multicall3Abi,
          functionName: "aggregate3",
          result: subs.map((s) => ({ success: true, returnData: padHex(`0x${s.slice(-2)}`, { size: 32 }) })),
        });
        return { jsonrpc: "2.0", id: c.id, result };
      };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
    });
  });
  await new Promise<void>((r) => node.listen(0, "127.0.0.1", r));
  const port = (node.address() as { port: number }).port;
  upstreams = await recordedUpstreams({ "rpc:ethereum": `http://127.0.0.1:${port}` }, 0);
  url = upstreams.env.COMPASS_RPC_URL_ETHEREUM!;
});
afterAll(async () => {
  await upstreams.close();
  await new Promise<void>((r) => node.close(() => r()));
});

function decodeAggregate(data: Hex): Hex[] {
  const { args } = decodeFunctionData({ abi: multicall3Abi, data });
  return (args[0] as readonly { callData: Hex }[]).map((c) => c.callData);
}

const aggregate = (id: number, bytes: number[]) => ({
  jsonrpc: "2.0",
  id,
  method: "eth_call",
  params: [
    {
      to: MULTICALL3,
      data: encodeFunctionData({
        abi: multicall3Abi,
        functionName: "aggregate3",
        args: [
          bytes.map((b) => ({ target: MULTICALL3, allowFailure: true, callData: toHex(b, { size: 4 }) })),
        ],
      }),
    },
    "latest",
  ],
});

async function post(body: unknown) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.json();
}

const returned = (reply: { result: Hex }) =>
  (
    decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data: reply.result }) as readonly {
      returnData: Hex;
    }[]
  ).map((r) => Number(BigInt(r.returnData)));

describe("recorded upstreams", () => {
  test("behavior: replays a new batch of seen calls and a new aggregate of seen sub-calls without the node", async () => {
    // record: an aggregate of 1 and 2, a batch of an aggregate of 3 and a block number
    expect(returned(await post(aggregate(1, [1, 2])))).toEqual([1, 2]);
    await post([aggregate(2, [3]), { jsonrpc: "2.0", id: 3, method: "eth_blockNumber" }]);
    const seen = calls;
    upstreams.replay();

    // replay: the block number alone, and an aggregate of 3 and 1 batched in a new make-up, each under its new id
    const batch = await post([{ jsonrpc: "2.0", id: 40, method: "eth_blockNumber" }, aggregate(41, [3, 1])]);
    expect(batch.map((r: { id: number }) => r.id)).toEqual([40, 41]);
    expect(batch[0].result).toBe("0x10");
    expect(returned(batch[1])).toEqual([3, 1]);
    expect(calls).toBe(seen);
    expect(upstreams.stats()).toMatchObject({ replayed: 2, missed: 0 });

    // a sub-call never seen goes to the node, and is counted
    expect(returned(await post(aggregate(50, [1, 9])))).toEqual([1, 9]);
    expect(calls).toBe(seen + 1);
    expect(upstreams.stats()).toMatchObject({ missed: 1, missedBy: { "rpc:ethereum eth_call": 1 } });
  });
});
