import type { PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { annualisedGrowthPercent, blockAtOrBefore } from "../../../src/kernel/chain/history.ts";

/** A chain whose blocks are stamped irregularly: gaps of 1 s, then 12 s, then a day (a devnet clock jump). */
function chain(stamps: bigint[]) {
  let reads = 0;
  const client = {
    getBlock: async (args: { blockNumber?: bigint; blockTag?: string }) => {
      reads++;
      const n = args.blockTag === "latest" ? BigInt(stamps.length - 1) : (args.blockNumber as bigint);
      return { number: n, timestamp: stamps[Number(n)] };
    },
  } as unknown as PublicClient;
  return { client, reads: () => reads };
}

describe("blockAtOrBefore", () => {
  const stamps: bigint[] = [];
  let t = 1_700_000_000n;
  for (let i = 0; i < 5000; i++) {
    stamps.push(t);
    t += i < 1000 ? 1n : i < 4000 ? 12n : 86_400n;
  }
  it("finds the last block at or before every moment, in a bounded number of reads", async () => {
    for (const target of [
      stamps[0],
      stamps[10] + 0n,
      stamps[2500] + 5n,
      stamps[4000] + 100n,
      stamps[4999] - 1n,
    ]) {
      const { client, reads } = chain(stamps);
      const found = await blockAtOrBefore(client, target);
      const expected = stamps.findLastIndex((s) => s <= target);
      expect(found.number).toBe(BigInt(expected));
      expect(reads()).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(stamps.length)) + 3);
    }
  });
  it("answers the head for a future moment and block 0 before genesis", async () => {
    const { client } = chain(stamps);
    expect((await blockAtOrBefore(client, stamps[4999] + 10n)).number).toBe(4999n);
    expect((await blockAtOrBefore(client, stamps[0] - 10n)).number).toBe(0n);
  });
});

describe("rates", () => {
  it("annualises growth with compounding", () => {
    // +1% over half a year ≈ 2.01% a year
    expect(annualisedGrowthPercent(1_000_000n, 1_010_000n, BigInt(365 * 12 * 3600))).toBeCloseTo(2.01, 2);
    expect(annualisedGrowthPercent(0n, 1n, 10n)).toBeNull();
    expect(annualisedGrowthPercent(1n, 1n, 0n)).toBeNull();
  });
});
