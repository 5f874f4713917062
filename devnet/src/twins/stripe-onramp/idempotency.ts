import { createHash } from "node:crypto";
import type { TwinContext } from "./context.ts";
import { ProviderError } from "./errors.ts";

export interface Reply {
  status: number;
  body: unknown;
  replayed?: boolean;
}

/**
 * Stripe's idempotency: the first successful answer to a key is saved and replayed for 24 h to requests
 * with the same parameters; the same key with other parameters is an `idempotency_error`. Concurrent
 * requests with one key wait for the first, so a double-click never creates two payments.
 */
export class Idempotency {
  private readonly inFlight = new Map<string, Promise<Reply>>();

  constructor(private readonly ctx: TwinContext) {}

  async run(key: string | undefined, params: URLSearchParams, handler: () => Promise<Reply>): Promise<Reply> {
    if (!key) return handler();
    const fingerprint = createHash("sha256")
      .update([...params].sort().join("&"))
      .digest("hex");
    const pending = this.inFlight.get(key);
    if (pending) await pending.catch(() => undefined);
    const saved = this.ctx.state.idempotency[key];
    if (saved) {
      if (saved.fingerprint !== fingerprint) {
        throw new ProviderError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      return { status: saved.status, body: saved.body, replayed: true };
    }
    const run = handler().then(async (reply) => {
      if (reply.status === 200) {
        this.ctx.state.idempotency[key] = {
          fingerprint,
          created: this.ctx.now(),
          status: reply.status,
          body: reply.body,
        };
        await this.ctx.persist();
      }
      return reply;
    });
    this.inFlight.set(key, run);
    try {
      return await run;
    } finally {
      this.inFlight.delete(key);
    }
  }
}
