import { minedReceipt } from "@compass/devnet";
import { addressBook, chainClient, getJson, testEnv } from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { erc20Abi, parseEventLogs, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";

const { url } = testEnv();
const CHAIN = "base";
const proxy = process.env[`COMPASS_TEST_RPC_PROXY_${CHAIN.toUpperCase()}`];

interface ProxyStats {
  calls: number;
  getLogs: number;
  refused: number;
  widest: number;
  maxRange: number;
}
const stats = async (): Promise<ProxyStats> => (await fetch(`${proxy}/_proxy/stats`)).json();

/**
 * The API reads chains through a front that refuses eth_getLogs over more than a few blocks, as public
 * providers do (the stack's rpcLimit). A history longer than one window must still come back whole, whether it is
 * read from the event index (the stack's default) or paged from the chain.
 */
describe.skipIf(!proxy)("event reads behind a range-limited RPC", () => {
  test("behavior: an account's transfers spread over many windows are all listed, no call refused", async () => {
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const usdc = addressBook().chains[CHAIN]!.contracts.USDC!;
    const created = await fetch(`${url}/v2/tokenized_assets/create_account`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sender: owner, owner, chain: CHAIN }),
    }).then((r) => r.json());
    const account = created.tokenized_assets_account_address as `0x${string}`;
    const { maxRange } = await stats();

    // two deposits into the (counterfactual) account, more than two windows apart
    const wallet = devWallet(8, CHAIN);
    const client = chainClient(CHAIN);
    const hashes: `0x${string}`[] = [];
    for (const amount of ["1.25", "2.5"]) {
      const hash = await wallet.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "transfer",
        args: [account, parseUnits(amount, 6)],
      });
      await minedReceipt(client, hash);
      hashes.push(hash);
      await client.request({
        method: "anvil_mine" as never,
        params: [`0x${(maxRange * 3).toString(16)}`] as never,
      });
    }

    const before = await stats();
    const r = await getJson(`${url}/v2/tokenized_assets/balances?owner=${owner}&chain=${CHAIN}`);
    const after = await stats();
    expect(r.status).toBe(200);
    const transfers = r.body.balances.USDC.transfers as {
      transaction_hash: string;
      amount_formatted: string;
    }[];
    expect(transfers.map((t) => [t.transaction_hash, t.amount_formatted])).toEqual([
      [hashes[0], "1.25"],
      [hashes[1], "2.5"],
    ]);
    // the same, read independently and without a limit
    const receipts = await Promise.all(hashes.map((hash) => client.getTransactionReceipt({ hash })));
    const onChain = receipts.flatMap((rc) =>
      parseEventLogs({ abi: erc20Abi, logs: rc.logs, eventName: "Transfer" }),
    );
    expect(onChain.every((l) => l.args.to === account)).toBe(true);
    expect(r.body.balances.USDC.balance).toBe(String(parseUnits("3.75", 6)));

    expect(after.refused - before.refused).toBe(0);
    expect(after.widest).toBeLessThanOrEqual(maxRange);
    if (process.env.COMPASS_TEST_INDEX_URL) {
      // with the event index: history from it, complete past both transfers; only blocks it had not reached yet came
      // from the chain, in windows the provider accepts
      const last = receipts.at(-1)!.blockNumber;
      expect(BigInt(r.body.indexed_to_block.base)).toBeGreaterThanOrEqual(last);
    } else {
      // the log reader paged: more eth_getLogs than the two (in and out) an unlimited node would take
      expect(after.getLogs - before.getLogs).toBeGreaterThan(2);
    }
    console.log(
      `balances read behind a ${maxRange}-block eth_getLogs limit: ${after.calls - before.calls} JSON-RPC calls, ${after.getLogs - before.getLogs} of them eth_getLogs`,
    );
  });
});
