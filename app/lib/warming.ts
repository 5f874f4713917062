/**
 * What the launcher that started this server is still doing (`npm start` answers before it has built the pages):
 * the file `COMPASS_WARMING_FILE` names, written by the launcher (`testkit/src/stack/warming.ts`). Without one,
 * nothing is warming. `/healthz` lists it; the pages are served once their item ("pages") is gone.
 */
import { readFileSync, statSync } from "node:fs";

export interface WarmingItem {
  name: string;
  what: string;
  /** ms since the epoch */
  since: number;
}

export interface Warming {
  warming: WarmingItem[];
  failed: (WarmingItem & { error: string })[];
}

const NOTHING: Warming = { warming: [], failed: [] };
let cached: { version: string; value: Warming } | undefined;

/** The launcher's file as it stands (stat-checked on each call, parsed when it changed). */
export function readWarming(file = process.env.COMPASS_WARMING_FILE): Warming {
  if (!file) return NOTHING;
  try {
    // the launcher replaces the file (a rename), so a new version is a new inode
    const { ino, mtimeMs } = statSync(file);
    const version = `${ino}:${mtimeMs}`;
    if (cached?.version !== version) {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<Warming>;
      cached = { version, value: { warming: parsed.warming ?? [], failed: parsed.failed ?? [] } };
    }
    return cached.value;
  } catch {
    // gone (the launcher stopped) or being replaced: nothing to report
    return NOTHING;
  }
}

/** The item `name` while it runs or after it failed; undefined once done (or never announced). */
export function warmingItem(name: string, warming = readWarming()) {
  return warming.warming.find((i) => i.name === name) ?? warming.failed.find((i) => i.name === name);
}

/** `/healthz`'s view: each item with how long it has run, and what failed. */
export function warmingReport(warming = readWarming(), now = Date.now()) {
  return {
    warm: warming.warming.length === 0 && warming.failed.length === 0,
    warming: warming.warming.map((i) => ({
      name: i.name,
      what: i.what,
      running_s: Math.max(0, Math.round((now - i.since) / 1000)),
    })),
    ...(warming.failed.length
      ? { failed: warming.failed.map((i) => ({ name: i.name, what: i.what, error: i.error })) }
      : {}),
  };
}
