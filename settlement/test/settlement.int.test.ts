/**
 * The on-ramp end to end on a stack of its own (devnet, API server, settlement worker as processes; in the
 * integration step, on the unit port base so it never meets the run's shared stack): the
 * provider twin only pays the one-time wallet's address; the settlement worker forwards the USDC. Covers the
 * status sequence and a worker stopped or killed between payment and forward. Settlement latency (provider
 * payment → delivered) is measured by `npm run bench` (its onramp section), not timed here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ONE_TIME_WALLET_ABI } from "@compass/constants";
import { type Stack, startStack } from "@compass/testkit";
import {
  chainClient,
  getJson,
  payAtProvider,
  pointLiveHelpersAt,
  providerSession,
  usdcBalance,
  waitForStatus,
} from "@compass/testkit/live";
import { type Address, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const PORT_BASE = Number(process.env.COMPASS_UNIT_PORT_BASE ?? 20545) + 7000;
let stack: Stack;
let dir: string;
let url: string;
let restore = () => {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "settlement-"));
  stack = await startStack({
    dir,
    portBase: PORT_BASE,
    // the on-ramp delivers on ethereum; nothing else is needed
    chains: ["ethereum"],
    twins: ["onramp"],
    earn: false,
    servers: [
      {
        name: "api",
        port: PORT_BASE + 50,
        ui: false,
        env: { COMPASS_RATE_LIMIT: "off", LOG_LEVEL: "error" },
      },
    ],
  });
  url = stack.servers.api!.url;
  // the live helpers find the stack under test through the test environment: pointed at this one
  restore = pointLiveHelpersAt(url, stack.devnet.dir);
}, 240_000);
afterAll(async () => {
  restore();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const sponsor = () => stack.devnet.addressBook.roles.settlement_sponsor.address;
const nonce = (who: Address) => chainClient("ethereum").getTransactionCount({ address: who });
const create = async (destination: Address, amount: string) => {
  const r = await getJson(`${url}/v2/onramp/create`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fiat_amount: amount, destination_address: destination }),
  });
  expect(r.status).toBe(200);
  return r.body as { payment_id: string; deposit_address: Address };
};
const status = async (id: string) => (await getJson(`${url}/v2/onramp/status?payment_id=${id}`)).body;
/** Polls the provider until it has paid the deposit address; the moment it saw it (ms). */
const providerPaid = async (id: string) => {
  for (let i = 0; i < 300; i++) {
    if ((await providerSession(id)).status === "fulfillment_complete") return performance.now();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the provider never paid ${id}`);
};
const forwards = async (wallet: Address) =>
  chainClient("ethereum").getContractEvents({
    address: wallet,
    abi: ONE_TIME_WALLET_ABI,
    eventName: "Forwarded",
    fromBlock: 0n,
  });

describe("settlement", () => {
  test("default: processing while the USDC sits in the one-time wallet, delivered with the forward once the worker runs", async () => {
    await stack.settlement!.stop();
    const recipient = fresh();
    const payment = await create(recipient, "80");
    await payAtProvider(payment.payment_id);
    await providerPaid(payment.payment_id);
    // the provider has paid the address; nothing has moved it on
    expect(await usdcBalance("ethereum", payment.deposit_address)).toBe(parseUnits("80", 6));
    expect(await usdcBalance("ethereum", recipient)).toBe(0n);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await status(payment.payment_id)).toMatchObject({
      status: "processing",
      delivery_tx_hash: null,
      output_amount_delivered: null,
    });

    const before = await nonce(sponsor());
    stack.restartSettlement();
    const done = await waitForStatus(url, payment.payment_id, ["delivered", "failed"], 30_000);
    expect(done).toMatchObject({
      status: "delivered",
      output_amount_delivered: "80",
      destination_address: recipient,
    });
    expect(await usdcBalance("ethereum", recipient)).toBe(parseUnits("80", 6));
    expect(await usdcBalance("ethereum", payment.deposit_address)).toBe(0n);
    const [forward] = await forwards(payment.deposit_address);
    expect(forward!.transactionHash).toBe(done.delivery_tx_hash);
    const tx = await chainClient("ethereum").getTransaction({ hash: done.delivery_tx_hash });
    expect(tx.from.toLowerCase()).toBe(sponsor().toLowerCase());
    expect(await nonce(sponsor())).toBe(before + 1);
  });

  test("behavior: a worker killed right after sending the forward, restarted, settles exactly once", async () => {
    const recipient = fresh();
    const payment = await create(recipient, "55");
    const sent = stack.settlement!.waitForLog(new RegExp(`${payment.payment_id}: forwarding`), 30_000);
    const before = await nonce(sponsor());
    await payAtProvider(payment.payment_id);
    await sent;
    await stack.settlement!.kill();
    const worker = stack.restartSettlement()!;
    // The killed worker may have finished the forward in the moment between its "forwarding" line and the kill
    // (then the new one has nothing left to do); either way the payment is delivered exactly once. Generous: in
    // the full suite this stack shares two CPUs with every other integration file.
    const done = await waitForStatus(url, payment.payment_id, ["delivered", "failed"], 75_000);
    expect(done.status).toBe("delivered");
    // a few more passes change nothing
    await new Promise((r) => setTimeout(r, 2000));
    expect(await usdcBalance("ethereum", recipient)).toBe(parseUnits("55", 6));
    expect(await forwards(payment.deposit_address)).toHaveLength(1);
    expect(await nonce(sponsor())).toBe(before + 1);
    expect(worker.logs.filter((l) => l.includes(`${payment.payment_id}: forwarding`))).toEqual([]);
  });
});
