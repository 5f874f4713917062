import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startCheckpoints } from "../src/anvil/checkpoint.ts";

/** A chain that mines a block per probe and counts the dumps it is asked for (each one "stalls" it 30 ms). */
let server: Server;
let url = "";
let block = 0;
let dumps = 0;
const dir = mkdtempSync(join(tmpdir(), "checkpoint-hold-"));

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const { id, method } = JSON.parse(raw);
      if (method === "eth_blockNumber") {
        res.end(JSON.stringify({ jsonrpc: "2.0", id, result: `0x${(++block).toString(16)}` }));
        return;
      }
      dumps++;
      const state = gzipSync(JSON.stringify({ block, dump: dumps }));
      setTimeout(
        () => res.end(JSON.stringify({ jsonrpc: "2.0", id, result: `0x${state.toString("hex")}` })),
        30,
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("chain state snapshots", () => {
  test("behavior: a hold waits for the save in flight and defers every later one until released", async () => {
    const file = join(dir, "state.json");
    const checkpoints = startCheckpoints(url, file, { intervalMs: 20 });
    try {
      while (dumps === 0) await sleep(5);
      const release = await checkpoints.hold();
      // the save that was in flight has landed in the file, and its stall was measured
      expect(JSON.parse(readFileSync(file, "utf8")).dump).toBe(dumps);
      expect(checkpoints.lastSaveMs()).toBeGreaterThanOrEqual(25);
      const held = dumps;
      await sleep(1_000); // past the backoff after a save (ten times its 30 ms), a new block at every check
      expect(dumps).toBe(held);
      release();
      const deadline = Date.now() + 3_000;
      while (dumps === held && Date.now() < deadline) await sleep(10);
      expect(dumps).toBeGreaterThan(held);
    } finally {
      await checkpoints.stop();
    }
  });

  test("behavior: a chain started held (its bootstrap) saves nothing until released, then waits the deferral", async () => {
    const file = join(dir, "held.json");
    const before = dumps;
    const checkpoints = startCheckpoints(url, file, { intervalMs: 20, held: true });
    try {
      await sleep(300);
      expect(dumps).toBe(before);
      const released = Date.now();
      checkpoints.release(400);
      while (dumps === before && Date.now() - released < 3_000) await sleep(10);
      expect(dumps).toBeGreaterThan(before);
      expect(Date.now() - released).toBeGreaterThanOrEqual(400);
    } finally {
      await checkpoints.stop();
    }
  });
});
