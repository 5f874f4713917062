/**
 * The worker's rules without a chain: which sessions it settles, that it never sends a second forward, that
 * a failure is retried, and how its cursor moves — against a provider speaking Stripe's list protocol and a
 * chain stub that records what would be sent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createWorker, type SettlementChain, StateFile } from "../src/index.ts";

const KEY = "sk_test_worker";
let sessions: any[] = [];
const listed: string[] = [];
let server: Server;
let provider: { url: string; apiKey: string };
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (req.headers.authorization !== `Bearer ${KEY}` || url.pathname !== "/v1/crypto/onramp_sessions") {
      res.writeHead(401).end("{}");
      return;
    }
    listed.push(url.search);
    const gte = Number(url.searchParams.get("created[gte]") ?? 0);
    const limit = Number(url.searchParams.get("limit"));
    const all = sessions.filter((s) => s.created >= gte).sort((a, b) => b.created - a.created);
    const after = url.searchParams.get("starting_after");
    const from = after ? all.findIndex((s) => s.id === after) + 1 : 0;
    const data = all.slice(from, from + limit);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", has_more: all.length > from + limit, data }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  provider = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: KEY };
});
afterAll(() => server?.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "settlement-worker-"));
  sessions = [];
  return () => rmSync(dir, { recursive: true, force: true });
});

const hex = (n: number, bytes: number) => `0x${n.toString(16).padStart(bytes * 2, "0")}` as const;
const recipient = (n: number) => hex(0xa000 + n, 20) as Address;
const salt = (n: number) => hex(n, 32) as Hex;
/** the stub's wallet of (recipient, salt): any injective function does */
const walletOf = (r: Address, s: Hex) => `0x${r.slice(-20)}${s.slice(-20)}` as Address;

function session(n: number, status: string, created: number, wallet = walletOf(recipient(n), salt(n))) {
  return {
    id: `cos_${n}`,
    created,
    status,
    metadata: { destination_address: recipient(n), one_time_wallet_salt: salt(n) },
    transaction_details: {
      wallet_addresses: { ethereum: wallet },
      transaction_id: status === "fulfillment_complete" ? hex(n, 32) : null,
    },
  };
}

/** A chain where wallets hold what `balances` says and forwards are recorded. */
function stubChain(balances: Map<Address, bigint>, onChainForwards = new Map<Address, Hex>()) {
  const sent: Address[] = [];
  let failNext = false;
  const chain: SettlementChain = {
    walletOf,
    balanceOf: async (w) => balances.get(w) ?? 0n,
    blockOf: async () => 1n,
    findForward: async (w) => {
      const tx = onChainForwards.get(w);
      return tx ? { txHash: tx, amount: 5n } : undefined;
    },
    async deployAndForward(r, s, onSent) {
      if (failNext) {
        failNext = false;
        throw new Error("execution reverted: token refused the forward");
      }
      const w = walletOf(r, s);
      const amount = balances.get(w) ?? 0n;
      const tx = hex(0xf000 + sent.length, 32) as Hex;
      onSent(tx);
      sent.push(w);
      balances.set(w, 0n);
      onChainForwards.set(w, tx);
      return { txHash: tx, amount };
    },
  };
  return { chain, sent, failOnce: () => (failNext = true) };
}

const worker = (chain: SettlementChain) =>
  createWorker({
    chain,
    provider,
    store: new StateFile(join(dir, "state.json")),
    startCreated: 0,
    log: () => {},
  });

describe("settlement worker", () => {
  test("default: settles paid one-time wallets only, once; the cursor waits for open sessions", async () => {
    sessions = [
      session(1, "fulfillment_complete", 100),
      session(2, "fulfillment_processing", 110), // paid by card, not yet by the provider: pins the cursor
      session(3, "rejected", 90),
      session(4, "fulfillment_complete", 120, recipient(99)), // someone else's wallet: not ours to forward
      session(5, "fulfillment_complete", 130),
    ];
    const balances = new Map([
      [walletOf(recipient(1), salt(1)), 10n],
      [walletOf(recipient(5), salt(5)), 20n],
    ]);
    const { chain, sent } = stubChain(balances);
    const w = worker(chain);
    const first = await w.pass();
    expect(first.failed).toEqual([]);
    expect(first.settled.sort()).toEqual(["cos_1", "cos_5"]);
    expect(sent).toHaveLength(2);
    expect(w.state.cursor).toBe(110);
    // what lies before the cursor is never listed again, so its record goes
    expect(Object.keys(w.state.settled)).toEqual(["cos_5"]);

    // the next pass sends nothing more; once the open session is paid, it is settled and the cursor moves on
    expect((await w.pass()).settled).toEqual([]);
    sessions[1] = session(2, "fulfillment_complete", 110);
    balances.set(walletOf(recipient(2), salt(2)), 7n);
    expect((await w.pass()).settled).toEqual(["cos_2"]);
    expect(sent).toHaveLength(3);
    expect(w.state.cursor).toBe(130);
    expect(listed.at(-1)).toContain("created%5Bgte%5D=110");
  });

  test("behavior: a restarted worker finds a forward already on chain and records it without sending", async () => {
    sessions = [session(1, "fulfillment_complete", 100)];
    const wallet = walletOf(recipient(1), salt(1));
    // a worker that died after its forward was mined, before it wrote its state
    const { chain, sent } = stubChain(new Map([[wallet, 0n]]), new Map([[wallet, hex(0xbeef, 32) as Hex]]));
    const w = worker(chain);
    expect((await w.pass()).settled).toEqual(["cos_1"]);
    expect(sent).toEqual([]);
    expect(w.state.settled.cos_1!.forwardTx).toBe(hex(0xbeef, 32));
    // and a third worker from the saved state has nothing to do
    expect((await worker(chain).pass()).settled).toEqual([]);
  });

  test("behavior: a refused forward is retried on the next pass; an empty, never-forwarded wallet waits", async () => {
    sessions = [session(1, "fulfillment_complete", 100), session(2, "fulfillment_complete", 200)];
    const { chain, sent, failOnce } = stubChain(new Map([[walletOf(recipient(1), salt(1)), 10n]]));
    failOnce();
    const w = worker(chain);
    const first = await w.pass();
    expect(first.failed.map((f) => f.id).sort()).toEqual(["cos_1", "cos_2"]);
    expect(w.state.cursor).toBe(100);
    expect((await w.pass()).settled).toEqual(["cos_1"]);
    expect(sent).toHaveLength(1);
    expect(w.state.cursor).toBe(200); // cos_2's wallet holds nothing yet
  });
});
