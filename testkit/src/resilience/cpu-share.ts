/**
 * Where the machine's CPU went during a load: the CPU time of this process and every process it started (the
 * devnet's anvils and twins, the bundlers, the settlement worker, the servers), read from Linux's /proc before and
 * after, grouped by what each process is. On two cores the API competes with all of them; this says by how much.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc reports CPU time in these ticks */
const TICKS_PER_SECOND = 100;

interface Proc {
  ppid: number;
  ticks: number;
  group: string;
}

export type CpuSnapshot = Map<number, Proc>;

function groupOf(pid: number, cmdline: string): string {
  if (pid === process.pid) return "load generator (this process)";
  if (/\banvil\b/.test(cmdline)) return "anvil";
  const twin = /twins\/([\w-]+)\.mjs/.exec(cmdline);
  if (twin) return `twin ${twin[1]}`;
  if (/alto/.test(cmdline) || /%22node%3Anet%22/.test(cmdline)) return "bundler (Alto)";
  if (/settlement/.test(cmdline)) return "settlement worker";
  if (/server\.(mjs|ts)/.test(cmdline)) return "API server";
  if (/redis-server/.test(cmdline)) return "redis";
  if (/nginx/.test(cmdline)) return "nginx";
  return "other";
}

/** Every process in this one's tree with its CPU time so far; empty where /proc is not there. */
export function cpuSnapshot(): CpuSnapshot {
  const all = new Map<number, Proc>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return all;
  }
  for (const name of entries) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // the command name (field 2) may hold spaces: fields are counted after its closing parenthesis
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      all.set(pid, {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        group: groupOf(pid, cmdline),
      });
    } catch {
      // the process ended while being read
    }
  }
  const mine = new Map<number, Proc>();
  for (const [pid, p] of all) {
    for (let at: number | undefined = pid; at; at = all.get(at)?.ppid) {
      if (at === process.pid) {
        mine.set(pid, p);
        break;
      }
    }
  }
  return mine;
}

/** CPU-seconds per group between two snapshots, largest first (a process started in between counts from 0). */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): { group: string; seconds: number }[] {
  const by = new Map<string, number>();
  for (const [pid, p] of after) {
    const ticks = p.ticks - (before.get(pid)?.ticks ?? 0);
    by.set(p.group, (by.get(p.group) ?? 0) + ticks / TICKS_PER_SECOND);
  }
  return [...by]
    .map(([group, seconds]) => ({ group, seconds: Math.round(seconds * 10) / 10 }))
    .filter((g) => g.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds);
}
