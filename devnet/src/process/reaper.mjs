// Orphan guard for the devnet's child processes, run as `node reaper.mjs` (plain JS so it starts in
// ~40 ms without a TypeScript loader).
//
// The launcher spawns chains and twins in their own process groups (so a terminal's Ctrl-C reaches only
// the launcher, which then stops them in order) and tells this process about each one on stdin:
// "+<pid>" when started, "-<pid>" when gone. If the launcher dies without cleaning up — even by
// SIGKILL, when no exit handler can run — its end of the pipe closes, and we terminate the remaining
// groups: SIGTERM first, so anvil still dumps its state, then SIGKILL for anything that lingers.

import { readFileSync } from "node:fs";

const GRACE_MS = 10_000;
const pids = new Set();
let buffered = "";

// Signals meant for the launcher's terminal must not take the guard down with it.
for (const signal of ["SIGINT", "SIGHUP"]) process.on(signal, () => {});

process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffered += chunk;
  const lines = buffered.split("\n");
  buffered = lines.pop() ?? "";
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (line.startsWith("+")) pids.add(pid);
    else if (line.startsWith("-")) pids.delete(pid);
  }
});
process.stdin.on("close", reap);
process.stdin.on("error", reap);

function signal(pid, name) {
  try {
    process.kill(-pid, name); // the whole group: a twin may have children of its own
  } catch {
    try {
      process.kill(pid, name);
    } catch {
      pids.delete(pid); // already gone
    }
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // An exited child waiting to be reaped by init still "exists"; on Linux its state letter is Z.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

function reap() {
  for (const pid of pids) signal(pid, "SIGTERM");
  const deadline = Date.now() + GRACE_MS;
  const timer = setInterval(() => {
    const left = [...pids].filter(alive);
    if (left.length === 0 || Date.now() > deadline) {
      for (const pid of left) signal(pid, "SIGKILL");
      clearInterval(timer);
      process.exit(0);
    }
  }, 50);
}
