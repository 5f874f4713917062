/**
 * The only state the API holds: rate-limit counters and idempotency records. In memory for one instance,
 * on Redis (REDIS_URL) so several stateless instances share limits and keys.
 */
export type IdempotencyState = { state: "new" } | { state: "in-flight" } | { state: "done"; value: string };

export interface SharedStore {
  readonly kind: "memory" | "redis";
  /** fixed-window counter: increments and returns the count and ms until the window resets */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** claims `key` for `lockMs` when unseen; reports an in-flight claim or a stored result otherwise */
  claim(key: string, lockMs: number): Promise<IdempotencyState>;
  complete(key: string, value: string, ttlMs: number): Promise<void>;
  release(key: string): Promise<void>;
  size(): Promise<number>;
  close(): Promise<void>;
}
