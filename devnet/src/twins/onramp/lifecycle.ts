import type { TwinContext } from "./context.ts";
import type { Deliverer, DeliveryResult } from "./delivery.ts";
import { transition } from "./sessions.ts";
import type { StoredSession } from "./state.ts";

/** A blocked forward is retried this often (the token may unblock the owner later). */
const FORWARD_RETRY_SECONDS = 30;
const DAY = 86_400;

/**
 * Time-driven transitions, run every second and before answering about a session: unpaid payments expire,
 * paid ones are delivered when due, blocked forwards are retried, stale quotes and idempotency records go.
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
        if (!s.delivery && (s.deliverAt ?? 0) <= now) await this.attempt(s, () => this.deliverer.deliver(s));
        else if (s.delivery && !s.delivery.forwarded)
          await this.attempt(s, () => this.deliverer.retryForward(s));
      }
    }
    this.prune(now);
  }

  private async attempt(s: StoredSession, run: () => Promise<DeliveryResult>) {
    const { ctx } = this;
    const attempts = (s.deliveryAttempts ?? 0) + 1;
    s.deliveryAttempts = attempts;
    try {
      const result = await run();
      s.delivery = { txHash: result.txHash, forwarded: result.forwarded };
      s.lastDeliveryError = undefined;
      if (result.forwarded) {
        s.transactionId = result.txHash;
        transition(ctx, s, "fulfillment_complete");
        this.log(`${s.id}: delivered ${s.destinationAmount} USDC in ${result.txHash}`);
      } else {
        this.retryAt.set(s.id, ctx.now() + FORWARD_RETRY_SECONDS);
        this.log(
          `${s.id}: USDC is in the one-time wallet ${s.walletAddress}; forwarding is blocked, will retry`,
        );
      }
    } catch (error) {
      const message = (error as Error).message.split("\n")[0]!;
      this.log(`${s.id}: delivery attempt ${attempts} failed: ${message}`);
      s.lastDeliveryError = message;
      const paidAt = s.statusTransitions.fulfillment_processing ?? s.created;
      // Nothing reached the chain and it keeps failing: refund (reject), as a provider would.
      if (!s.delivery && ctx.now() >= paidAt + ctx.settings.deliveryGiveUpSeconds)
        this.reject(s, "delivery_failed");
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
    for (const [id, q] of Object.entries(state.quotes))
      if (!q.consumedBy && now > q.expiresAt + 3600) {
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
