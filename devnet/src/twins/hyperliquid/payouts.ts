import type { Payout } from "./engine/state.ts";

/**
 * Withdrawals leave the venue through a payout queue: `withdraw3` debits the account and queues
 * {user, destination, usd, nonce}; a PayoutExecutor — supplied by the devnet, which owns the chain
 * side (sending USDC on the local Arbitrum) — pays it and reports the transaction hash. This
 * directory holds no chain code: without an executor, payouts wait until marked paid through the
 * admin surface.
 */
export interface PayoutExecutor {
  /** Sends the payout on chain; resolves with the transaction hash. */
  pay(payout: Readonly<Payout>): Promise<string>;
}

export interface PayoutLedger {
  pending(): Payout[];
  markPaid(id: number, txHash: string): Payout | undefined;
  /** persists before anyone is told a payout happened */
  persist(): Promise<void>;
}

/** Drains pending payouts through the executor, one at a time, retrying failures with backoff. */
export class PayoutRunner {
  private running = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private failures = new Map<number, number>();

  constructor(
    private readonly ledger: PayoutLedger,
    private readonly executor: PayoutExecutor,
    private readonly pollMs = 1_000,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Call after queueing a payout so it goes out without waiting for the next poll. */
  poke(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.drain(), ms);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let delay = this.pollMs;
    try {
      for (const payout of this.ledger.pending()) {
        if (this.stopped) break;
        try {
          const txHash = await this.executor.pay(payout);
          this.ledger.markPaid(payout.id, txHash);
          this.failures.delete(payout.id);
          await this.ledger.persist();
        } catch (error) {
          const count = (this.failures.get(payout.id) ?? 0) + 1;
          this.failures.set(payout.id, count);
          delay = Math.min(60_000, this.pollMs * 2 ** count);
          console.error(`venue: payout ${payout.id} failed (attempt ${count})`, error);
          break;
        }
      }
    } finally {
      this.running = false;
      this.schedule(delay);
    }
  }
}
