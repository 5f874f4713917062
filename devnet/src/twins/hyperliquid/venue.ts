import { StateStore } from "../kit/index.ts";
import { type VenueClock, WallClock } from "./clock.ts";
import { Core, type CoreOptions, type Network } from "./engine/core.ts";
import { formatUsd, parseUsd } from "./engine/decimal.ts";
import { marketByCoin } from "./engine/dexes.ts";
import { credit } from "./engine/funds.ts";
import { initialState, type Payout, type VenueState } from "./engine/state.ts";
import { reconcile, syncTo } from "./engine/sync.ts";
import { type PayoutExecutor, PayoutRunner } from "./payouts.ts";

export type { Network };

/**
 * `network` (CoreOptions): "Mainnet" (default) — phantom-agent source "a", actions name "Mainnet";
 * "Testnet" — source "b", "Testnet". A state file belongs to the network that created it.
 */
export interface VenueOptions extends CoreOptions {
  /** Seed of the oracle walk, used on a first start (a restored state keeps its own). */
  seed?: string;
  /** Defaults to wall time (plus any persisted admin advance). */
  clock?: VenueClock;
  /** JSON state file; without one the venue lives in memory only. */
  stateFile?: string;
  saveDebounceMs?: number;
  /** Pays queued withdrawals (the devnet wires one that sends USDC on its Arbitrum chain). */
  payoutExecutor?: PayoutExecutor;
}

/**
 * The venue: state, engine context, clock, persistence and the payout queue in one object. The
 * HTTP layer calls `sync()` before serving each request, so every answer reflects funding,
 * maker fills and liquidations up to the current instant.
 */
export class Venue {
  readonly state: VenueState;
  readonly core: Core;
  readonly clock: VenueClock;
  readonly network: Network;
  readonly store: StateStore<VenueState>;
  private readonly runner: PayoutRunner | undefined;

  constructor(options: VenueOptions = {}) {
    const restored = StateStore.load<VenueState>(options.stateFile);
    this.clock = options.clock ?? new WallClock(restored?.clockOffsetMs ?? 0);
    if (restored && restored.version !== 1)
      throw new Error(`venue state ${options.stateFile} has unknown version ${restored.version}`);
    // Fields added later default to their initial value when an older file is restored.
    const fresh = initialState(restored?.seed ?? options.seed ?? "compass-venue", this.clock.now());
    this.state = restored ? { ...fresh, ...restored } : fresh;
    this.network = options.network ?? "Mainnet";
    // Files from before the network was recorded were all Mainnet venues.
    const recorded = this.state.network ?? "Mainnet";
    if (restored && recorded !== this.network)
      throw new Error(
        `venue state ${options.stateFile} is a ${recorded} ledger; this venue is configured as ${this.network} (start it as ${recorded}, or reset the devnet's state to change networks)`,
      );
    this.state.network = this.network;
    this.core = new Core(this.state, Math.max(this.clock.now(), this.state.syncedTo), {
      ...options,
      network: this.network,
    });
    this.store = new StateStore(options.stateFile, () => this.state, options.saveDebounceMs);
    if (options.payoutExecutor) {
      this.runner = new PayoutRunner(
        {
          pending: () => this.pendingPayouts(),
          markPaid: (id, tx) => this.markPaid(id, tx),
          persist: () => this.store.flush(),
        },
        options.payoutExecutor,
      );
      this.runner.start();
    }
  }

  get isMainnet(): boolean {
    return this.network === "Mainnet";
  }

  /** Brings the engine up to the clock; marks the state dirty when anything happened. */
  sync(): void {
    const now = this.clock.now();
    if (now > this.core.now) this.core.now = now;
    if (syncTo(this.core, this.core.now)) this.store.markDirty();
  }

  advanceClock(ms: number): number {
    this.clock.advance(ms);
    if (this.clock instanceof WallClock) this.state.clockOffsetMs = this.clock.offsetMs;
    this.sync();
    this.store.markDirty();
    return this.clock.now();
  }

  /** Credits a bridge deposit once per transaction hash; durable before it returns. */
  async credit(
    user: string,
    usd: string | number,
    txHash: string,
  ): Promise<{ credited: boolean; balance: string }> {
    const micro = typeof usd === "number" ? Math.round(usd * 1e6) : parseUsd(usd);
    if (micro === undefined || micro <= 0) throw new RangeError(`invalid deposit amount ${usd}`);
    this.sync();
    const result = credit(this.core, user.toLowerCase(), micro, txHash);
    this.store.markDirty();
    await this.store.flush();
    return { ...result, balance: formatUsd(this.state.accounts[user.toLowerCase()].balance) };
  }

  /**
   * A bridge deposit the venue keeps without crediting (below its minimum): recorded once per
   * deposit with the reason, durable before it returns.
   */
  async recordLostDeposit(user: string, usd: string, key: string, reason: string): Promise<boolean> {
    const id = key.toLowerCase();
    if (this.state.lostDeposits[id] || this.state.credits[id]) return false;
    const micro = parseUsd(usd);
    if (micro === undefined) throw new RangeError(`invalid deposit amount ${usd}`);
    this.state.lostDeposits[id] = { user: user.toLowerCase(), micro, time: this.clock.now(), reason };
    this.store.markDirty();
    await this.store.flush();
    return true;
  }

  /** Admin: moves a market's oracle to `px` from now on (tests force price moves with it). */
  setOraclePrice(coin: string, px: number): void {
    const m = marketByCoin(coin) ?? marketByCoin(`xyz:${coin}`);
    if (!m || !(px > 0)) throw new RangeError(`unknown market or bad price: ${coin} ${px}`);
    this.sync();
    this.core.oracle.setPrice(m, this.core.now, px);
    reconcile(this.core);
    this.store.markDirty();
  }

  pendingPayouts(): Payout[] {
    return this.state.payouts.filter((p) => p.status === "pending");
  }

  markPaid(id: number, txHash: string): Payout | undefined {
    const payout = this.state.payouts.find((p) => p.id === id);
    if (!payout || payout.status === "paid") return payout;
    payout.status = "paid";
    payout.txHash = txHash;
    payout.paidAt = this.clock.now();
    this.store.markDirty();
    return payout;
  }

  /** A withdrawal was queued: let the executor know at once. */
  payoutQueued(): void {
    this.runner?.poke();
  }

  async close(): Promise<void> {
    await this.runner?.stop();
    this.store.markDirty();
    await this.store.close();
  }
}
