import { statSync } from "node:fs";
import { readClockOffset } from "../../clock.ts";
import { devnetPaths } from "../../layout.ts";

/**
 * Devnet time in unix seconds: wall clock plus the offset `devnet time advance` persists (clock.json), so a
 * twin's deadlines move together with the chains. The offset file is re-read only when it changes.
 */
export function devnetClock(devnetDir: string): () => number {
  const paths = devnetPaths(devnetDir);
  let cached: { mtimeMs: number; offset: number } | undefined;
  return () => {
    let mtimeMs = 0;
    try {
      mtimeMs = statSync(paths.clock).mtimeMs;
    } catch {}
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, offset: readClockOffset(paths) };
    return Math.floor(Date.now() / 1000) + cached.offset;
  };
}
