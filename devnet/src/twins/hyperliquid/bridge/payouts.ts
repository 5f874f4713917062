import {
  type Account,
  type Address,
  type Chain,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseUnits,
} from "viem";
import { bridge2TwinAbi } from "../../../contracts/bridge2.ts";
import { minedReceipt } from "../../../receipt.ts";
import type { Payout, PayoutExecutor } from "../index.ts";

/**
 * Pays venue withdrawals on the local Arbitrum through the bridge, as the venue operator. The bridge
 * records each payout id, and this asks it first: after a crash between sending a payout and the
 * venue recording it, the retry finds the payout already made and reports that transaction instead
 * of paying twice.
 */
export class BridgePayoutExecutor implements PayoutExecutor {
  private readonly wallet;

  constructor(
    private readonly client: PublicClient,
    chain: Chain,
    rpcUrl: string,
    operator: Account,
    private readonly bridge: Address,
  ) {
    this.wallet = createWalletClient({
      account: operator,
      chain,
      transport: http(rpcUrl, { retryCount: 0 }),
    });
  }

  async pay(payout: Readonly<Payout>): Promise<string> {
    const id = BigInt(payout.id);
    const contract = { address: this.bridge, abi: bridge2TwinAbi } as const;
    if (await this.client.readContract({ ...contract, functionName: "payoutPaid", args: [id] }))
      return this.paidIn(id);
    const hash = await this.wallet.writeContract({
      ...contract,
      functionName: "payout",
      args: [id, payout.destination as Address, parseUnits(payout.usd, 6)],
    });
    const receipt = await minedReceipt(this.client, hash, { pollingInterval: 100 });
    if (receipt.status !== "success") throw new Error(`payout ${payout.id} reverted in ${hash}`);
    return hash;
  }

  /** The transaction that already paid `id`, from the bridge's PayoutPaid log. */
  private async paidIn(id: bigint): Promise<Hex> {
    const logs = await this.client.getContractEvents({
      address: this.bridge,
      abi: bridge2TwinAbi,
      eventName: "PayoutPaid",
      args: { id },
      fromBlock: 0n,
    });
    const hash = logs.at(-1)?.transactionHash;
    if (!hash) throw new Error(`bridge reports payout ${id} paid but has no PayoutPaid log for it`);
    return hash;
  }
}
