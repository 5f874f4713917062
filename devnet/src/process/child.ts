import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { guardChild, releaseChild } from "./guard.ts";

export interface ManagedChild {
  readonly name: string;
  readonly pid: number;
  /** resolves with the exit code (or the signal name) once the process is gone */
  readonly exited: Promise<number | string>;
  readonly running: () => boolean;
  /** true once stop() was called: an exit before that is a crash */
  readonly stopRequested: () => boolean;
  /** SIGTERM, then SIGKILL after `graceMs` (0: SIGKILL at once, for a process whose on-exit work is not wanted) */
  stop(graceMs?: number): Promise<void>;
  /** the last lines of the child's log, for error messages */
  logTail(lines?: number): string;
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** stdout and stderr are appended here rather than piped, so a busy child never blocks on us */
  logFile: string;
  /** give the child a stdin pipe it can watch for EOF (how twins notice the launcher is gone) */
  stdinPipe?: boolean;
}

/**
 * Spawns a child in its own process group: a terminal's Ctrl-C then reaches only the launcher,
 * which stops twins before chains. The orphan guard takes over if the launcher dies.
 */
export function spawnManaged(options: SpawnOptions): ManagedChild {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = openSync(options.logFile, "a");
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: [options.stdinPipe ? "pipe" : "ignore", log, log],
  });
  closeSync(log); // the child holds its own descriptor
  if (child.pid === undefined) {
    child.once("error", () => {}); // reported by the throw below instead
    throw new Error(`${options.name}: failed to spawn ${options.command}`);
  }
  const pid = child.pid;
  guardChild(pid);
  child.stdin?.on("error", () => {}); // EPIPE when the child exits first

  let done = false;
  let stopRequested = false;
  const exited = new Promise<number | string>((resolve) => {
    const finish = (how: number | string) => {
      if (done) return;
      done = true;
      releaseChild(pid);
      resolve(how);
    };
    child.once("exit", (code, signal) => finish(code ?? signal ?? "unknown"));
    child.once("error", (error) => finish(`error: ${error.message}`));
  });

  return {
    name: options.name,
    pid,
    exited,
    running: () => !done,
    stopRequested: () => stopRequested,
    async stop(graceMs = 10_000) {
      stopRequested = true;
      if (done) return;
      signalGroup(pid, graceMs === 0 ? "SIGKILL" : "SIGTERM");
      const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
      child.stdin?.destroy();
    },
    logTail(lines = 20) {
      try {
        return readFileSync(options.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
      } catch {
        return "";
      }
    },
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}
