import { spawn } from "node:child_process";
import { fstatSync } from "node:fs";
import type { Io } from "./context.ts";

/** stdin is read only when it is a pipe from a shell or a redirected file — never a TTY or an idle socket. */
async function readStdin(): Promise<string | undefined> {
  try {
    const st = fstatSync(0);
    if (!st.isFIFO() && !st.isFile()) return undefined;
  } catch {
    return undefined;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function openUrl(url: string): Promise<boolean> {
  const hasDisplay =
    process.platform === "darwin" ||
    process.platform === "win32" ||
    !!process.env.DISPLAY ||
    !!process.env.WAYLAND_DISPLAY;
  if (!hasDisplay) return false;
  const cmd = process.platform === "darwin" ? "open" : process.platform === "win32" ? "cmd" : "xdg-open";
  const args = process.platform === "win32" ? ["/c", "start", "", url] : [url];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true });
    child.on("error", () => resolve(false));
    child.on("spawn", () => {
      child.unref();
      resolve(true);
    });
  });
}

export function nodeIo(): Io {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    readStdin,
    openUrl,
    confirm: process.stdin.isTTY && process.stderr.isTTY ? confirm : undefined,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  };
}

/** A yes/no question on the terminal (stderr), answered on stdin: only "y" or "yes" is yes. */
async function confirm(question: string): Promise<boolean> {
  const { createInterface } = await import("node:readline/promises");
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}
