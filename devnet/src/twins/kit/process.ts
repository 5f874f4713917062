import { fstatSync } from "node:fs";

/**
 * Runs `stop` once — then exits — on SIGTERM/SIGINT, or when stdin closes while it is the launcher's pipe:
 * that is how a twin notices the launcher died without stopping it, so twins never outlive the devnet.
 */
export function exitWith(stop: () => void | Promise<void>): void {
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await stop();
    } catch (error) {
      console.error("shutdown failed:", error);
      process.exitCode = 1;
    }
    process.exit();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  if (stdinIsPipe()) process.stdin.on("end", shutdown).on("close", shutdown).resume();
}

/** The one JSON line on stdout that says the twin is serving (the log shows when, and where). */
export function announceReady(name: string, url: string, extra: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ ready: true, name, url, ...extra }));
}

/** Only a pipe from the launcher signals its death by closing; /dev/null would "close" at once. */
function stdinIsPipe(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}
