import type { IdempotencyState, SharedStore } from "./store.ts";

interface Entry {
  value: string | number;
  expires: number;
}

/**
 * Bounded and self-cleaning: expired entries are swept lazily and by a timer, and past `maxEntries` the
 * oldest go first, so a flood of distinct keys cannot grow memory without limit.
 */
export class MemoryStore implements SharedStore {
  readonly kind = "memory" as const;
  private readonly map = new Map<string, Entry>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.sweep(), 30_000);
    this.timer.unref();
  }

  private get(key: string): Entry | undefined {
    const e = this.map.get(key);
    if (e && e.expires <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  private set(key: string, value: string | number, ttlMs: number): void {
    this.map.delete(key);
    this.map.set(key, { value, expires: this.now() + ttlMs });
    while (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value!);
  }

  async hit(key: string, windowMs: number) {
    const e = this.get(key);
    if (!e) {
      this.set(key, 1, windowMs);
      return { count: 1, resetMs: windowMs };
    }
    e.value = (e.value as number) + 1;
    return { count: e.value, resetMs: e.expires - this.now() };
  }

  async claim(key: string, lockMs: number): Promise<IdempotencyState> {
    const e = this.get(key);
    if (!e) {
      this.set(key, "", lockMs);
      return { state: "new" };
    }
    return e.value === "" ? { state: "in-flight" } : { state: "done", value: e.value as string };
  }

  async complete(key: string, value: string, ttlMs: number) {
    this.set(key, value, ttlMs);
  }

  async release(key: string) {
    this.map.delete(key);
  }

  async size() {
    return this.map.size;
  }

  sweep(): void {
    const t = this.now();
    for (const [k, e] of this.map) if (e.expires <= t) this.map.delete(k);
  }

  async close() {
    clearInterval(this.timer);
  }
}
