import { runEarnActivityOn } from "./earn/activity.ts";
import { readJsonIfExists, writeJsonAtomic } from "./fsutil.ts";
import type { DevnetPaths } from "./layout.ts";
import { rpcCall } from "./rpc.ts";

/**
 * Devnet time is chain time: wall clock plus an offset that advanceTime grows. anvil keeps its own
 * offset only in memory — a restarted anvil would stamp new blocks with the wall clock, i.e. earlier
 * than blocks mined after an advance. So the offset is persisted here and re-applied to every chain
 * that starts, which also keeps all chains on the same clock.
 */
interface ClockFile {
  offsetSeconds: number;
}

export function readClockOffset(paths: DevnetPaths): number {
  return readJsonIfExists<ClockFile>(paths.clock)?.offsetSeconds ?? 0;
}

function addClockOffset(paths: DevnetPaths, seconds: number): number {
  const offsetSeconds = readClockOffset(paths) + seconds;
  writeJsonAtomic(paths.clock, { offsetSeconds } satisfies ClockFile);
  return offsetSeconds;
}

/** The latest block's timestamp (seconds) — "now" for anything that runs on devnet time. */
export async function devnetTime(rpcUrl: string): Promise<number> {
  const block = await rpcCall<{ timestamp: string }>(rpcUrl, "eth_getBlockByNumber", ["latest", false]);
  return Number(BigInt(block.timestamp));
}

/** Puts a freshly started chain on devnet time, never behind its own latest block. */
export async function syncChainClock(rpcUrl: string, offsetSeconds: number): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const latest = await devnetTime(rpcUrl);
  if (offsetSeconds === 0 && latest < now) return; // anvil's default (wall clock) is already right
  await rpcCall(rpcUrl, "evm_setTime", [Math.max(now + offsetSeconds, latest + 1)]);
}

/** Moves one chain's clock forward and mines a block, so the new time is observable on chain. */
async function advanceChainTime(rpcUrl: string, seconds: number): Promise<void> {
  await rpcCall(rpcUrl, "evm_increaseTime", [seconds]);
  await rpcCall(rpcUrl, "evm_mine", []);
}

/**
 * advanceTime for a whole devnet: the offset is persisted first, so a chain that is down (or fails
 * here) catches up when it next starts. Returns one settled result per RPC URL.
 */
export async function advanceDevnetTime(
  paths: DevnetPaths,
  rpcUrls: string[],
  seconds: number,
): Promise<PromiseSettledResult<void>[]> {
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new Error("time advances by a positive whole number of seconds");
  addClockOffset(paths, seconds);
  const moved = await Promise.allSettled(rpcUrls.map((url) => advanceChainTime(url, seconds)));
  // Markets live: borrowers, suppliers and traders act on the earn chains that moved.
  const live = rpcUrls.filter((_, i) => moved[i]!.status === "fulfilled");
  const acted = await Promise.allSettled(live.map((url) => runEarnActivityOn([url], seconds)));
  return rpcUrls.map((url, i) => {
    const failed = acted[live.indexOf(url)];
    return moved[i]!.status === "fulfilled" && failed?.status === "rejected" ? failed : moved[i]!;
  });
}

/** "90", "90s", "15m", "1h", "2d", "1w" → seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)\s*([smhdw]?)$/.exec(text.trim());
  if (!match) throw new Error(`invalid duration "${text}" (use seconds or e.g. 15m, 1h, 2d, 1w)`);
  const unit = { "": 1, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 }[match[2] as "" | "s"];
  return Number(match[1]) * unit;
}
