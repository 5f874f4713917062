import { type Abi, type Address, encodeFunctionData, type Hex } from "viem";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { loadArtifact } from "../../contracts/artifacts.ts";
import { devnetClock, passes, type RoleOnChain, roleOnChain } from "../kit/index.ts";

const PENDING = 0;
const depositAbi = loadArtifact("MidasDepositVaultTwin").abi as Abi;
const redemptionAbi = loadArtifact("MidasRedemptionVaultTwin").abi as Abi;
const asyncAbi = loadArtifact("CentrifugeAsyncVaultTwin").abi as Abi;

export interface DeskState {
  /** per `chain:vault`: every Midas request id below it is processed */
  cursors: Record<string, number>;
  /** per `chain:vault:id` (Midas) or `chain:vault:kind:controller` (Centrifuge): devnet time it was first seen */
  seen: Record<string, number>;
  /** per `chain:vault` (Centrifuge): the last block scanned for requests */
  scanned: Record<string, number>;
  /** what the desk did, newest last */
  processed: { key: string; action: "approved" | "fulfilled" | "claimed"; tx: Hex; at: number }[];
}

export const initialDeskState = (): DeskState => ({ cursors: {}, seen: {}, scanned: {}, processed: [] });

type Chain = RoleOnChain & { contracts: Record<string, Address> };

/**
 * The issuers' side of the devnet's Midas and Centrifuge vaults, acting as `fund_issuer` on devnet time: a Midas
 * deposit or redemption request pending for at least `processingSeconds` is approved at the data feed's current
 * rate (`approveRequest(id, mTokenRate())`), in id order; a Centrifuge ERC-7540 deposit or redemption request
 * pending that long is fulfilled at the vault's price, then claimed for the controller (`deposit`/`redeem` with
 * receiver = controller) when the controller made the desk its operator, as Centrifuge's keepers do, so the
 * shares or USDC land in the account that asked.
 */
export class MidasCentrifugeDesk {
  private readonly chains: Chain[] = [];
  private readonly now: () => Promise<number>;
  /** per chain: the head its last full pass read to */
  private readonly heads = new Map<string, bigint>();
  readonly operator: Address;

  constructor(
    book: DevnetAddressBook,
    devnetDir: string,
    readonly state: DeskState,
    private readonly save: () => void,
    private readonly processingSeconds: number,
  ) {
    this.operator = book.roles.fund_issuer.address;
    for (const name of ["ethereum", "base"] as const) {
      const entry = book.chains[name];
      if (entry)
        this.chains.push({
          ...roleOnChain(book, devnetDir, name, "fund_issuer"),
          contracts: entry.contracts as Record<string, Address>,
        });
    }
    const first = this.chains[0];
    const wallClock = devnetClock(devnetDir);
    this.now = first ? () => first.now() : async () => wallClock();
  }

  /** One pass, after any pass in flight (the poll loop's, a tick's): it sees the time it was asked at. */
  readonly tick = passes(() => this.pass());

  private async pass() {
    const now = await this.now();
    let read = false;
    for (const chain of this.chains) {
      // A chain whose head has not moved since its last full pass has no new request, and one seen earlier waits in
      // `seen` for its processing time: with none waiting there, the pass has nothing to do on it (a poll then costs
      // one eth_blockNumber instead of a read of every vault).
      const head = await chain.client.getBlockNumber({ cacheTime: 0 });
      const waiting = Object.keys(this.state.seen).some((key) => key.startsWith(`${chain.chain}:`));
      if (!waiting && this.heads.get(chain.chain) === head) continue;
      read = true;
      for (const [name, vault] of Object.entries(chain.contracts)) {
        if (name.startsWith("MidasDepositVault_"))
          await this.midas(chain, vault, depositAbi, "mintRequests", now);
        if (name.startsWith("MidasRedemptionVault_"))
          await this.midas(chain, vault, redemptionAbi, "redeemRequests", now);
        if (name.startsWith("CentrifugeVault_")) await this.centrifuge(chain, vault, now);
      }
      this.heads.set(chain.chain, head);
    }
    // a pass that skipped every chain changed nothing to keep (an idle desk rewrote its state file every second)
    if (read) this.save();
  }

  private due(key: string, now: number): boolean {
    this.state.seen[key] ??= now;
    return this.state.seen[key]! + this.processingSeconds <= now;
  }

  private async midas(chain: Chain, vault: Address, abi: Abi, requests: string, now: number) {
    const read = (functionName: string, args: unknown[] = []) =>
      chain.client.readContract({ address: vault, abi, functionName, args }) as Promise<any>;
    const cursorKey = `${chain.chain}:${vault}`;
    const count = Number(await read("currentRequestId"));
    for (let id = this.state.cursors[cursorKey] ?? 0; id < count; id++) {
      const request = (await read(requests, [BigInt(id)])) as unknown[];
      const key = `${cursorKey}:${id}`;
      if (request[2] === PENDING) {
        if (!this.due(key, now)) break; // later ones are younger
        const rate = (await read("mTokenRate")) as bigint;
        const data = encodeFunctionData({ abi, functionName: "approveRequest", args: [BigInt(id), rate] });
        try {
          const tx = await chain.send(vault, data, `approving ${requests} ${id}`);
          this.state.processed.push({ key, action: "approved", tx, at: now });
        } catch (error) {
          console.error((error as Error).message); // e.g. liquidity short: retried next pass, in order
          break;
        }
      }
      this.state.cursors[cursorKey] = id + 1;
      delete this.state.seen[key];
    }
  }

  private async centrifuge(chain: Chain, vault: Address, now: number) {
    const read = (functionName: string, args: unknown[] = []) =>
      chain.client.readContract({ address: vault, abi: asyncAbi, functionName, args }) as Promise<any>;
    const scanKey = `${chain.chain}:${vault}`;
    const head = Number(await chain.client.getBlockNumber());
    const from = (this.state.scanned[scanKey] ?? -1) + 1;
    if (from <= head) {
      const logs = await chain.client.getContractEvents({
        address: vault,
        abi: asyncAbi,
        fromBlock: BigInt(from),
        toBlock: BigInt(head),
      });
      for (const log of logs as { eventName: string; args: { controller?: Address } }[]) {
        const kind =
          log.eventName === "DepositRequest"
            ? "deposit"
            : log.eventName === "RedeemRequest"
              ? "redeem"
              : null;
        if (kind && log.args.controller) this.state.seen[`${scanKey}:${kind}:${log.args.controller}`] ??= now;
      }
      this.state.scanned[scanKey] = head;
    }
    for (const key of Object.keys(this.state.seen).filter((k) => k.startsWith(`${scanKey}:`))) {
      const [, , kind, controller] = key.split(":") as [string, string, "deposit" | "redeem", Address];
      if (!this.due(key, now)) continue;
      const deposit = kind === "deposit";
      const pending = (await read(deposit ? "pendingDepositRequest" : "pendingRedeemRequest", [
        0n,
        controller,
      ])) as bigint;
      try {
        if (pending > 0n) {
          const fulfil = deposit ? "fulfillDepositRequest" : "fulfillRedeemRequest";
          const data = encodeFunctionData({ abi: asyncAbi, functionName: fulfil, args: [controller] });
          const tx = await chain.send(vault, data, `${fulfil} ${controller}`);
          this.state.processed.push({ key, action: "fulfilled", tx, at: now });
        }
        if (await read("isOperator", [controller, this.operator])) {
          const claimable = (await read(deposit ? "maxDeposit" : "maxRedeem", [controller])) as bigint;
          if (claimable > 0n) {
            const claim = deposit ? "deposit" : "redeem";
            const data = encodeFunctionData({
              abi: asyncAbi,
              functionName: claim,
              args: [claimable, controller, controller],
            });
            const tx = await chain.send(vault, data, `claiming ${claim} for ${controller}`);
            this.state.processed.push({ key, action: "claimed", tx, at: now });
          }
        }
        delete this.state.seen[key];
      } catch (error) {
        console.error((error as Error).message); // retried next pass
      }
    }
  }
}
