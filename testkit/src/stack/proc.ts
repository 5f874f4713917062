// Child processes that never outlive us: tracked, stopped with SIGTERM then SIGKILL, on any exit path.
import { type ChildProcess, spawn } from "node:child_process";
import { setPriority } from "node:os";

const children = new Set<ChildProcess>();
let hooked = false;

function hookExit() {
  if (hooked) return;
  hooked = true;
  const killAll = () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  };
  process.on("exit", killAll);
}

/** Spawn a tracked child; output lines go to `onLine` (or are inherited). */
export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  onLine?: (line: string) => void;
  inherit?: boolean;
  /** give the child a stdin pipe; a child that watches it exits when we die, even by SIGKILL */
  stdinPipe?: boolean;
  /** write the child's stdout and stderr to this open file instead of reading them here (no onLine) */
  outputFd?: number;
  /**
   * the child's CPU priority (nice value, 19 the lowest), set as it starts so the processes it spawns inherit it: a
   * build in the background takes the CPU that the chains and servers leave
   */
  priority?: number;
}

export function run(
  cmd: string,
  args: string[],
  { env = {}, cwd, onLine, inherit = false, stdinPipe = false, outputFd, priority }: RunOptions = {},
): ChildProcess {
  hookExit();
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: inherit ? "inherit" : [stdinPipe ? "pipe" : "ignore", outputFd ?? "pipe", outputFd ?? "pipe"],
  });
  if (priority !== undefined && child.pid !== undefined) {
    try {
      setPriority(child.pid, priority);
    } catch {
      // not permitted here: it runs at the launcher's priority
    }
  }
  children.add(child);
  child.stdin?.on("error", () => {});
  child.on("exit", () => children.delete(child));
  if (!inherit && outputFd === undefined) {
    for (const stream of [child.stdout!, child.stderr!]) {
      let buf = "";
      stream.on("data", (d: Buffer) => {
        buf += d;
        const lines = buf.split("\n");
        buf = lines.pop() ?? "";
        for (const line of lines) onLine?.(line);
      });
    }
  }
  return child;
}

export async function stop(child: ChildProcess | undefined, timeoutMs = 10_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Run to completion; resolves with the exit code. */
export function exec(cmd: string, args: string[], opts: RunOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = run(cmd, args, { inherit: true, ...opts });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function waitForHttp(
  url: string,
  { timeoutMs = 60_000, child }: { timeoutMs?: number; child?: ChildProcess } = {},
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return res;
    } catch {}
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
