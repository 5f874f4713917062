import { Redis } from "ioredis";
import type { IdempotencyState, SharedStore } from "./store.ts";

// INCR and set the window's expiry on its first hit, atomically.
const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

/** Shared limits and idempotency keys across instances. Keys expire on their own; nothing grows unbounded. */
export class RedisStore implements SharedStore {
  readonly kind = "redis" as const;
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = "compass:",
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.on("error", () => {}); // surfaced per command; do not crash the process
  }

  async hit(key: string, windowMs: number) {
    const [count, ttl] = (await this.redis.eval(HIT, 1, this.prefix + key, windowMs)) as [number, number];
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async claim(key: string, lockMs: number): Promise<IdempotencyState> {
    const k = this.prefix + key;
    if ((await this.redis.set(k, "", "PX", lockMs, "NX")) === "OK") return { state: "new" };
    const value = await this.redis.get(k);
    if (value === null) return this.claim(key, lockMs);
    return value === "" ? { state: "in-flight" } : { state: "done", value };
  }

  async complete(key: string, value: string, ttlMs: number) {
    await this.redis.set(this.prefix + key, value, "PX", ttlMs);
  }

  async release(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async size() {
    return Number(await this.redis.dbsize());
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
