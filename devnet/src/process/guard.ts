import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Makes sure no chain or twin outlives the launcher. Two layers:
 * - an `exit` handler signals every live child group (covers normal exits, uncaught errors, and
 *   process.exit from signal handlers);
 * - the reaper process (reaper.mjs) covers the launcher being SIGKILLed, when no handler runs.
 */
const live = new Set<number>();
let reaper: ChildProcess | undefined;

function ensureReaper(): ChildProcess {
  if (!reaper || reaper.exitCode !== null) {
    reaper = spawn(process.execPath, [fileURLToPath(new URL("./reaper.mjs", import.meta.url))], {
      detached: true,
      stdio: ["pipe", "ignore", "ignore"],
    });
    // Neither the reaper nor our end of its pipe may keep the launcher's event loop alive.
    reaper.unref();
    (reaper.stdin as unknown as { unref(): void }).unref();
    reaper.stdin?.on("error", () => {});
    for (const pid of live) reaper.stdin?.write(`+${pid}\n`);
  }
  return reaper;
}

export function guardChild(pid: number): void {
  live.add(pid);
  ensureReaper().stdin?.write(`+${pid}\n`);
}

export function releaseChild(pid: number): void {
  live.delete(pid);
  reaper?.stdin?.write(`-${pid}\n`);
}

/** Called once nothing is left to guard, so the reaper exits instead of waiting for the launcher. */
export function closeGuard(): void {
  if (live.size > 0 || !reaper) return;
  reaper.stdin?.end();
  reaper = undefined;
}

process.on("exit", () => {
  for (const pid of live) {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
});
