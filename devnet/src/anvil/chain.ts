import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { ACCOUNT_COUNT, DEVNET_MNEMONIC } from "../accounts.ts";
import { type ChainSpec, rpcUrl } from "../config.ts";
import type { DevnetPaths } from "../layout.ts";
import { type ManagedChild, spawnManaged } from "../process/child.ts";
import { assertPortFree } from "../process/ports.ts";
import { waitUntil } from "../process/wait.ts";
import { rpcCall } from "../rpc.ts";
import { anvilBinary } from "./binary.ts";
import { type Checkpoints, startCheckpoints } from "./checkpoint.ts";

/**
 * Blocks whose state stays queryable (eth_call/eth_getBalance at a block number), before and after a
 * restart — a pruned node's window (geth full nodes keep 128). Every retained block is a full state copy in
 * the state file (~0.8 MB each once the earn protocols are deployed), and the launcher rewrites that file
 * every few seconds while blocks are mined: 32 blocks keep it near 50 MB instead of 130 MB. Nothing in the
 * API reads state at past blocks (history comes from events), so the window only serves callers' own reads.
 */
export const HISTORY_BLOCKS = 32;

/** a year: anvil's own periodic dump, never in practice (its only way off) */
const STATE_INTERVAL_NEVER_S = 365 * 86_400;

export interface RunningChain {
  spec: ChainSpec;
  rpcUrl: string;
  process: ManagedChild;
  /** false when the chain came up from an empty state (first start or after a reset) */
  restored: boolean;
  /**
   * stops snapshots, then anvil (which writes its final state on SIGTERM); `discard`: kills it without that write,
   * for a chain whose directory is thrown away next
   */
  stop(options?: { discard?: boolean }): Promise<void>;
  /** the chain's periodic state snapshots */
  checkpoints: Checkpoints;
  /**
   * A chain that came up empty takes no snapshots while it is bootstrapped (its deployments and market history):
   * this lets them start, `deferMs` later. A no-op for a restored chain, whose snapshots run from the start.
   */
  endBootstrapHold(deferMs?: number): void;
}

/**
 * anvil arguments. `--state` loads the file if present and dumps to it on SIGTERM/SIGINT (and, unless told
 * otherwise, every 60 s);
 * `--preserve-historical-states` puts past block states in that dump so reads at old block numbers
 * keep working after a restart. The hardfork is pinned so a newer anvil does not silently change
 * semantics; Prague is live on all four chains the devnet mirrors.
 */
function anvilArgs(spec: ChainSpec, port: number, stateFile: string): string[] {
  return [
    ["--host", "127.0.0.1"],
    ["--port", String(port)],
    ["--chain-id", String(spec.chainId)],
    ["--mnemonic", DEVNET_MNEMONIC],
    ["--accounts", String(ACCOUNT_COUNT)],
    ["--hardfork", "prague"],
    ["--state", stateFile],
    // `--state` alone also rewrites the file in place every 60 s (found by its writes: ~100 MB a chain a minute, 1.6 GB
    // over a test run), which a hard kill can tear; the checkpoints below snapshot it safely instead, when wanted
    ["--state-interval", String(STATE_INTERVAL_NEVER_S)],
    ["--preserve-historical-states"],
    ["--prune-history", String(HISTORY_BLOCKS)],
  ].flat();
}

export async function startAnvil(
  spec: ChainSpec,
  portBase: number,
  paths: DevnetPaths,
  { snapshots = true }: { snapshots?: boolean } = {},
): Promise<RunningChain> {
  const port = portBase + spec.index;
  await assertPortFree(port, `chain ${spec.name}`);
  const stateFile = paths.chainState(spec.name);
  mkdirSync(dirname(stateFile), { recursive: true });
  const restored = existsSync(stateFile);
  const child = spawnManaged({
    name: `anvil ${spec.name}`,
    command: anvilBinary(),
    args: anvilArgs(spec, port, stateFile),
    logFile: paths.log(spec.name),
  });
  const url = rpcUrl(portBase, spec);
  try {
    await waitUntil(async () => (await rpcCall<string>(url, "eth_chainId", [], 5_000)) !== undefined, {
      timeoutMs: 20_000,
      gone: () => !child.running(),
      what: `anvil for ${spec.name} on port ${port}`,
    });
  } catch (error) {
    await child.stop(1_000);
    const tail = child.logTail();
    const hint = tail.includes("failed to parse json file")
      ? `\nthe chain state ${stateFile} is unreadable; delete it (or run \`devnet reset\`) to start ${spec.name} afresh`
      : "";
    throw new Error(`${(error as Error).message}\n${tail}${hint}`);
  }
  const checkpoints = startCheckpoints(url, stateFile, { held: !restored, periodic: snapshots });
  void child.exited.then(() => checkpoints.stop());
  return {
    spec,
    rpcUrl: url,
    process: child,
    restored,
    checkpoints,
    endBootstrapHold: checkpoints.release,
    async stop({ discard = false } = {}) {
      await checkpoints.stop();
      await child.stop(discard ? 0 : undefined);
    },
  };
}
