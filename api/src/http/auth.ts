import { timingSafeEqual } from "node:crypto";
import { type ApiKeyEntry, type Config, sha256 } from "../config/env.ts";

export type Caller = { kind: "anonymous" } | { kind: "secret" } | { kind: "publishable"; origins?: string[] };

/**
 * Resolve the caller from `x-api-key`. Comparison is on sha256 digests with `timingSafeEqual`, over every
 * configured key, so neither the key nor which entry matched leaks through timing.
 */
export function identify(config: Config, key: string | null): Caller | null {
  if (!config.requireKeys) return { kind: "anonymous" };
  if (!key) return null;
  const digest = sha256(key);
  let match: ApiKeyEntry | undefined;
  for (const entry of config.apiKeys) {
    if (entry.hash.length === digest.length && timingSafeEqual(entry.hash, digest) && !match) match = entry;
  }
  if (!match) return null;
  return match.kind === "secret" ? { kind: "secret" } : { kind: "publishable", origins: match.origins };
}
