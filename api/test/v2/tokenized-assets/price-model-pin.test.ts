import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ASSETS, midasDataFeedAbi } from "@compass/constants";
import { type DevnetHandle, startDevnet, viemChain } from "@compass/devnet";
import { type Address, createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { referencePrice } from "../../../src/v2/tokenized-assets/domain/price-model.ts";

/**
 * The API derives price history and candles from its TypeScript price model; the devnet's Midas rate feeds price
 * from contracts/rwa/PriceModel.sol. This pins the two together on a real devnet chain.
 */

// COMPASS_UNIT_PORT_BASE moves every test that starts a devnet, so parallel checkouts never collide.
const PORT_BASE = Number(process.env.COMPASS_UNIT_PORT_BASE ?? 20545) + 6000;
let devnet: DevnetHandle;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "api-price-model-pin-"));
  devnet = await startDevnet({
    dir,
    portBase: PORT_BASE,
    chains: ["ethereum"],
    twins: [],
    earn: false,
    snapshots: false,
  });
});
afterAll(async () => {
  await devnet?.stop({ discard: true });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("price model pin", () => {
  test("default: the API's referencePrice equals each Midas rate feed's, at any time", async () => {
    const { rpcUrl, chainId } = devnet.chains.ethereum!;
    const client = createPublicClient({
      chain: viemChain({ name: "ethereum", chainId }, rpcUrl),
      transport: http(rpcUrl),
    });
    const now = Number((await client.getBlock()).timestamp);
    const traded = ASSETS.filter((a) => a.provider === "midas" && a.chains.includes("ethereum"));
    expect(traded.length).toBeGreaterThan(0);
    for (const asset of traded) {
      const feed = devnet.addressBook.chains.ethereum!.contracts[`MidasDataFeed_${asset.symbol}`] as Address;
      const p = await client.readContract({ address: feed, abi: midasDataFeedAbi, functionName: "params" });
      const params = { seed: p.seed, p0: p.p0, t0: Number(p.t0), apyBps: p.apyBps, volBps: p.volBps };
      for (const t of [params.t0, params.t0 + 299, now - 86_400 * 400, now - 3_333, now, now + 86_400 * 30]) {
        const onChain = await client.readContract({
          address: feed,
          abi: midasDataFeedAbi,
          functionName: "rateAt",
          args: [BigInt(t)],
        });
        expect(onChain, `${asset.symbol} at ${t}`).toBe(referencePrice(params, t));
      }
    }
  });
});
