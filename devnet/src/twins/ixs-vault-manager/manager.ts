import { ixsVaultAbi } from "@compass/constants";
import { type Address, encodeFunctionData, type Hex, type PublicClient } from "viem";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { passes, roleOnChain } from "../kit/index.ts";

const PENDING = 0;

export interface ManagerState {
  /** every request below this id is processed (finalised or rejected) */
  cursor: number;
  /** what the manager did, newest last (kept for the devnet's own inspection) */
  processed: { id: number; action: "finalized" | "rejected"; tx: Hex; at: number }[];
}

export interface ManagerOptions {
  /** how long after a request the manager processes it, devnet seconds */
  processingSeconds: number;
}

/**
 * The manager of one IXS vault: on every pass, every pending redemption request older than the processing
 * delay (on devnet time) is finalised — burned and paid at that moment's NAV less the exit fee — in id order.
 * A request the vault cannot pay yet (liquidity short) stays pending and is retried on the next pass; the
 * manager never rejects on its own (rejection is a compliance decision, `reject(id)`).
 */
export class IxsManager {
  private readonly client: PublicClient;
  private readonly send: (data: Hex, what: string) => Promise<Hex>;
  private readonly now: () => Promise<number>;

  constructor(
    book: DevnetAddressBook,
    devnetDir: string,
    readonly vault: Address,
    readonly state: ManagerState,
    private readonly save: () => void,
    private readonly options: ManagerOptions,
  ) {
    const bsc = roleOnChain(book, devnetDir, "bsc", "fund_issuer");
    this.client = bsc.client;
    this.now = () => bsc.now();
    this.send = (data, what) => bsc.send(vault, data, what);
  }

  /** One pass, after any pass in flight (the poll loop's, a tick's): it sees the time it was asked at. */
  readonly tick = passes(() => this.pass());

  private read<T>(functionName: string, args: readonly unknown[] = []): Promise<T> {
    return this.client.readContract({
      address: this.vault,
      abi: ixsVaultAbi,
      functionName,
      args,
    } as any) as Promise<T>;
  }

  private async pass() {
    const count = Number(await this.read<bigint>("requestCount"));
    if (this.state.cursor >= count) return;
    const now = await this.now();
    for (let id = this.state.cursor; id < count; id++) {
      const request = await this.read<{ status: number; requestedAt: bigint }>("redemptionRequest", [
        BigInt(id),
      ]);
      if (request.status !== PENDING) {
        if (id === this.state.cursor) this.advance();
        continue;
      }
      if (Number(request.requestedAt) + this.options.processingSeconds > now) break; // later ones are younger
      const [assets] = await this.read<[bigint, bigint]>("previewRequest", [BigInt(id)]);
      const liquidity = await this.client.readContract({
        address: (await this.read<Address>("asset")) as Address,
        abi: ixsVaultAbi,
        functionName: "balanceOf",
        args: [this.vault],
      });
      if (liquidity < assets) break; // pay in order: wait for liquidity rather than skip the queue
      const tx = await this.send(
        encodeFunctionData({ abi: ixsVaultAbi, functionName: "finalizeRedemption", args: [BigInt(id)] }),
        `finalizing request ${id}`,
      );
      this.state.processed.push({ id, action: "finalized", tx, at: now });
      if (id === this.state.cursor) this.advance();
    }
    this.save();
  }

  private advance() {
    this.state.cursor++;
  }

  /** Rejects a pending request (its shares go back to the controller). */
  async reject(id: number): Promise<Hex> {
    const tx = await this.send(
      encodeFunctionData({ abi: ixsVaultAbi, functionName: "rejectRedemption", args: [BigInt(id)] }),
      `rejecting request ${id}`,
    );
    this.state.processed.push({ id, action: "rejected", tx, at: await this.now() });
    this.save();
    return tx;
  }
}
