import { getJson, payAtProvider, providerSession, tokenAddress } from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { erc20Abi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Settlement latency of the on-ramp: from the moment the provider has paid the one-time wallet (its session says
 * `fulfillment_complete`) to our status `delivered` (the worker saw the payment and its forward was mined), for
 * `samples` purchases one after another. The baseline in the same run: one USDC transfer on the same chain, signed
 * and sent to its receipt, polled the same way — what any delivery costs at least.
 *
 * Uses the live helpers, which find the stack through COMPASS_TEST_URL and COMPASS_DEVNET_DIR (set by the caller).
 */
export async function settlementLatency(url: string, samples = 5) {
  const settlement: number[] = [];
  for (let i = 0; i < samples; i++) {
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const created = await getJson(`${url}/v2/onramp/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fiat_amount: "20", destination_address: destination }),
    });
    if (created.status !== 200) throw new Error(`on-ramp create: ${JSON.stringify(created.body)}`);
    const id = created.body.payment_id as string;
    await payAtProvider(id);
    let paidAt: number | undefined;
    for (let n = 0; n < 600 && paidAt === undefined; n++) {
      if ((await providerSession(id)).status === "fulfillment_complete") paidAt = performance.now();
      else await wait(50);
    }
    if (paidAt === undefined) throw new Error(`the provider never paid ${id}`);
    for (let n = 0; ; n++) {
      const { body } = await getJson(`${url}/v2/onramp/status?payment_id=${id}`);
      if (body.status === "delivered") break;
      if (body.status === "failed" || n > 600) throw new Error(`payment ${id}: ${JSON.stringify(body)}`);
      await wait(50);
    }
    settlement.push(performance.now() - paidAt);
  }

  const wallet = devWallet(3, "ethereum");
  const transfer: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const hash = await wallet.writeContract({
      address: tokenAddress("ethereum", "USDC"),
      abi: erc20Abi,
      functionName: "transfer",
      args: [privateKeyToAccount(generatePrivateKey()).address, 1_000_000n],
    });
    await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    transfer.push(performance.now() - t);
  }
  return { settlement, transfer, settlementMs: median(settlement), transferMs: median(transfer) };
}
