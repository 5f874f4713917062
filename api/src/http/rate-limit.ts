import type { Config } from "../kernel/config/env.ts";
import { ApiError } from "../kernel/errors.ts";
import type { SharedStore } from "../kernel/store/store.ts";

export interface RateLimitResult {
  headers: Record<string, string>;
}

/**
 * Fixed-window limit per caller (key, or IP when anonymous). Over the limit: 429 with Retry-After. If the
 * shared store is down the limit fails open — availability over strictness — and the failure is logged.
 */
export async function rateLimit(
  config: Config,
  store: SharedStore,
  callerId: string,
  onStoreError: (e: unknown) => void,
): Promise<RateLimitResult> {
  const limit = config.rateLimit;
  if (!limit) return { headers: {} };
  let hit: { count: number; resetMs: number };
  try {
    hit = await store.hit(`rl:${callerId}:${Math.floor(Date.now() / limit.windowMs)}`, limit.windowMs);
  } catch (error) {
    onStoreError(error);
    return { headers: {} };
  }
  const reset = Math.max(1, Math.ceil(hit.resetMs / 1000));
  const headers = {
    "ratelimit-limit": String(limit.limit),
    "ratelimit-remaining": String(Math.max(0, limit.limit - hit.count)),
    "ratelimit-reset": String(reset),
  };
  if (hit.count > limit.limit) {
    throw new ApiError(
      429,
      `Rate limit of ${limit.limit} requests per ${limit.windowMs / 1000} s exceeded; retry in ${reset} s`,
      { headers: { ...headers, "retry-after": String(reset) } },
    );
  }
  return { headers };
}
