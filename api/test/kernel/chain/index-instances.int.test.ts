import { minedReceipt } from "@compass/devnet";
import { addressBook, chainClient, getJson, postJson, testEnv } from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { erc20Abi, pad, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";

/**
 * Two API instances, one index: the stack's staging and production servers are separate processes that read event
 * history from the one event index (on PostgreSQL in `npm test`). A write is seen by both in the next read, with the
 * same answer and the same `indexed_to_block`; a reorg that drops the write's block is seen by both too — the index
 * reverts the reorged block's logs, and neither server keeps them.
 */
const { url, prodUrl, apiKey } = testEnv();
const indexUrl = process.env.COMPASS_TEST_INDEX_URL;
const CHAIN = "base";

type Balances = {
  status: number;
  body: {
    balances: Record<string, { balance: string; transfers: { transaction_hash: string }[] }>;
    indexed_to_block: Record<string, string>;
  };
};

/** The account's balances as each server answers them. */
async function bothServers(owner: string): Promise<[Balances, Balances]> {
  const q = `/v2/tokenized_assets/balances?owner=${owner}&chain=${CHAIN}`;
  return Promise.all([
    getJson(url + q) as Promise<Balances>,
    getJson(prodUrl + q, { headers: { "x-api-key": apiKey } }) as Promise<Balances>,
  ]);
}

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const usdcTransfers = (b: Balances) => (b.body.balances.USDC?.transfers ?? []).map((t) => t.transaction_hash);

describe.skipIf(!indexUrl)("two API instances on one event index", () => {
  test("default: a write is seen by both servers in the next read; a reorg that drops it, by both too", async () => {
    const usdc = addressBook().chains[CHAIN]!.contracts.USDC!;
    const client = chainClient(CHAIN);
    const chainId = await client.getChainId();

    // The write: USDC into a new (counterfactual) account, in a block of its own (the devnet mines one per
    // transaction). The reorg below replaces only that block: when a block of the twins' (they act on their own
    // clock) came after it before the reorg, the write is made again rather than their work dropped.
    let written:
      | { owner: `0x${string}`; account: `0x${string}`; hash: `0x${string}`; block: bigint }
      | undefined;
    for (let attempt = 0; attempt < 5 && !written; attempt++) {
      const owner = privateKeyToAccount(generatePrivateKey()).address;
      const created = await postJson("/v2/tokenized_assets/create_account", {
        sender: owner,
        owner,
        chain: CHAIN,
      });
      expect(created.status).toBe(200);
      const account = created.body.tokenized_assets_account_address as `0x${string}`;
      const hash = await devWallet(8, CHAIN).writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "transfer",
        args: [account, parseUnits("1.5", 6)],
      });
      const receipt = await minedReceipt(client, hash);

      // read at once, on both: the transfer is there, complete to its block, the same figures on both
      const [staging, production] = await bothServers(owner);
      expect([staging.status, production.status]).toEqual([200, 200]);
      expect(usdcTransfers(staging)).toEqual([hash]);
      expect(production.body.balances).toEqual(staging.body.balances);
      for (const b of [staging, production])
        expect(BigInt(b.body.indexed_to_block[CHAIN]!)).toBeGreaterThanOrEqual(receipt.blockNumber);

      // the index itself holds it: both servers read it there
      const held = await until("the index holds the transfer", async () => {
        const r = await fetch(`${indexUrl}/logs`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            chainId,
            fromBlock: receipt.blockNumber.toString(),
            topics: [receipt.logs[0]!.topics[0], null, pad(account.toLowerCase() as `0x${string}`)],
          }),
        }).then((x) => x.json() as Promise<{ logs: { transactionHash: string }[] }>);
        return r.logs.length ? r : undefined;
      });
      expect(held.logs.map((l) => l.transactionHash)).toEqual([hash]);

      if ((await client.getBlockNumber({ cacheTime: 0 })) !== receipt.blockNumber) continue;
      // the write's block replaced by an empty one at the same height
      await client.request({ method: "anvil_reorg" as never, params: [1, []] as never });
      written = { owner, account, hash, block: receipt.blockNumber };
    }
    expect(written, "a block of its own to reorg").toBeDefined();
    const { owner, account, hash, block } = written!;
    expect(await client.getTransactionReceipt({ hash }).catch(() => undefined)).toBeUndefined();
    expect(
      await client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [account] }),
    ).toBe(0n);

    // both servers drop it, and say they are complete to the reorged height or past it
    const after = await until("both servers see the reorg", async () => {
      const both = await bothServers(owner);
      return both.every((b) => b.status === 200 && usdcTransfers(b).length === 0) ? both : undefined;
    });
    for (const b of after) {
      expect(BigInt(b.body.indexed_to_block[CHAIN]!)).toBeGreaterThanOrEqual(block);
      expect(b.body.balances.USDC?.balance ?? "0").toBe("0");
    }
    expect(after[1].body.balances).toEqual(after[0].body.balances);
  }, 90_000);
});
