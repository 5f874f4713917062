// Child processes that never outlive us: tracked, stopped with SIGTERM then SIGKILL, on any exit path.
import { spawn } from "node:child_process";

const children = new Set();
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
export function run(cmd, args, { env = {}, cwd, onLine, inherit = false } = {}) {
  hookExit();
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  if (!inherit) {
    for (const stream of [child.stdout, child.stderr]) {
      let buf = "";
      stream.on("data", (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf("\n")) >= 0) {
          onLine?.(buf.slice(0, i));
          buf = buf.slice(i + 1);
        }
      });
    }
  }
  return child;
}

export async function stop(child, timeoutMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Run to completion; resolves with the exit code. */
export function exec(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = run(cmd, args, { inherit: true, ...opts });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function waitForHttp(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return res;
    } catch {}
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
