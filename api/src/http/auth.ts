import { timingSafeEqual } from "node:crypto";
import { type ApiKeyEntry, type Config, sha256 } from "../kernel/config/env.ts";

export type Caller =
  | { kind: "anonymous"; id: string }
  | { kind: "secret"; id: string }
  | { kind: "publishable"; id: string; origins: string[] };

/**
 * Resolve the caller from `x-api-key`; `null` is a 401. A key that is sent must be one of this server's,
 * whatever the mode: a server that needs no key still refuses a wrong one, so a mistyped or foreign key
 * shows on staging instead of first in production. Comparison is on sha256 digests with `timingSafeEqual`, over every
 * configured key, so neither the key nor which entry matched leaks through timing. `id` identifies the
 * caller for rate limits and idempotency scopes without being the key itself.
 */
export function identify(config: Config, key: string | null, ip: string): Caller | null {
  if (!config.requireKeys && !key) return { kind: "anonymous", id: `ip:${ip}` };
  if (!key) return config.requireKeys ? null : { kind: "anonymous", id: `ip:${ip}` };
  const digest = sha256(key);
  let match: ApiKeyEntry | undefined;
  for (const entry of config.apiKeys) {
    if (entry.hash.length === digest.length && timingSafeEqual(entry.hash, digest) && !match) match = entry;
  }
  if (!match) return null;
  const id = `key:${digest.subarray(0, 12).toString("hex")}`;
  return match.kind === "secret"
    ? { kind: "secret", id }
    : { kind: "publishable", id, origins: match.origins ?? [] };
}
