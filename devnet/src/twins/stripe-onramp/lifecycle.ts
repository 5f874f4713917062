import type { TwinContext } from "./context.ts";
import type { Deliverer } from "./delivery.ts";
import { transition } from "./sessions.ts";
import type { StoredSession } from "./state.ts";

const DAY = 86_400;

/**
 * Time-driven transitions, run every second and before answering about a session: unpaid payments expire,
 * paid ones are delivered (paid to the session's wallet address) when due, stale quotes and idempotency
 * records go.
 */
export class Lifecycle {
  private running: Promise<void> | undefined;
  private readonly retryAt = new Map<string, number>();

  constructor(
    private readonly ctx: TwinContext,
    private readonly deliverer: Deliverer,
    private readonly log: (line: string) => void = console.log,
  ) {}

  /** One pass at a time; a caller arriving mid-pass waits for it. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const { ctx } = this;
    const now = ctx.now();
    for (const s of Object.values(ctx.state.sessions)) {
      if (
        (s.status === "initialized" || s.status === "requires_payment") &&
        now >= s.created + ctx.settings.sessionTtlSeconds
      ) {
        this.reject(s, "expired");
        await ctx.persist();
      } else if (s.status === "fulfillment_processing" && (this.retryAt.get(s.id) ?? 0) <= now) {
        if ((s.deliverAt ?? 0) <= now) await this.attempt(s);
      }
    }
    this.prune(now);
  }

  private async attempt(s: StoredSession) {
    const { ctx } = this;
    const attempts = (s.deliveryAttempts ?? 0) + 1;
    s.deliveryAttempts = attempts;
    try {
      // noted on disk before the first transfer is sent, so a restart looks for it instead of paying again
      if (s.deliveryFromBlock === undefined) {
        s.deliveryFromBlock = Number(await this.deliverer.head());
        await ctx.persist();
      }
      const result = await this.deliverer.deliver(s);
      s.lastDeliveryError = undefined;
      s.transactionId = result.txHash;
      transition(ctx, s, "fulfillment_complete");
      this.log(`${s.id}: paid ${s.destinationAmount} USDC to ${s.walletAddress} in ${result.txHash}`);
    } catch (error) {
      const message = (error as Error).message.split("\n")[0]!;
      this.log(`${s.id}: delivery attempt ${attempts} failed: ${message}`);
      s.lastDeliveryError = message;
      const paidAt = s.statusTransitions.fulfillment_processing ?? s.created;
      // It keeps failing: refund (reject), as a provider would.
      if (ctx.now() >= paidAt + ctx.settings.deliveryGiveUpSeconds) this.reject(s, "delivery_failed");
      else this.retryAt.set(s.id, ctx.now() + Math.min(2 ** attempts, 60));
    }
    await ctx.persist();
  }

  private reject(s: StoredSession, reason: NonNullable<StoredSession["rejectionReason"]>): void {
    s.rejectionReason = reason;
    s.verificationPending = false;
    transition(this.ctx, s, "rejected");
  }

  private prune(now: number): void {
    const { state } = this.ctx;
    let changed = false;
    // a quote lives for its minute, as the provider's do: one held an hour after that made every save of
    // a busy twin write thousands of dead quotes
    for (const [id, q] of Object.entries(state.quotes))
      if (!q.consumedBy && now > q.expiresAt) {
        delete state.quotes[id];
        changed = true;
      }
    for (const [key, r] of Object.entries(state.idempotency))
      if (now > r.created + DAY) {
        delete state.idempotency[key];
        changed = true;
      }
    if (changed) this.ctx.touch();
  }
}
