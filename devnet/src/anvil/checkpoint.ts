import { rename, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { rpcCall } from "../rpc.ts";

const gunzipAsync = promisify(gunzip);

/** How often a running chain is checked for new blocks worth saving. */
const CHECK_INTERVAL_MS = 2_000;
/**
 * A dump stalls the chain while anvil serializes it (the earn protocols' code in every retained block makes
 * it ~100 MB), so the next check waits at least this many times as long as the last save took: snapshots
 * then cost at most a tenth of the chain's time however large its state grows.
 */
const SAVE_COST_FACTOR = 10;
/** Saved even without new blocks this often, to catch anvil_setBalance/setCode-only changes. */
const IDLE_SAVE_MS = 30_000;

export interface Checkpoints {
  stop(): Promise<void>;
  /**
   * Defers snapshots until the returned release is called (holds nest), once a save in flight has finished. A
   * dump stalls its chain for seconds: a measurement of what the chain serves holds them for its window, and a
   * bootstrap for its own (see `held`). `release(deferMs)` also keeps the next save that long after the release.
   */
  hold(): Promise<(deferMs?: number) => void>;
  /** how long the last snapshot stalled the chain, in ms (0 before the first) */
  lastSaveMs(): number;
}

/**
 * Periodic state snapshots that a hard kill cannot tear. anvil's own --state-interval rewrites the
 * state file in place (truncate, then write), so a SIGKILL during a dump leaves a file anvil refuses
 * to load and the chain's whole history is lost. Instead we fetch the same snapshot over RPC
 * (anvil_dumpState with historical states, gzipped) and swap it in with a rename. anvil still writes
 * the file itself on a graceful exit (--state), which is the common path.
 */
export function startCheckpoints(
  rpcUrl: string,
  stateFile: string,
  {
    intervalMs = CHECK_INTERVAL_MS,
    held = false,
    periodic = true,
  }: {
    intervalMs?: number;
    /**
     * false: no periodic snapshots at all, only the dump anvil writes on a graceful stop — for a devnet thrown away
     * after its run (a test stack), where snapshots every few seconds of five busy chains were a sixth of the run's
     * CPU and gigabytes of writes
     */
    periodic?: boolean;
    /**
     * start held, as `hold()` would (the returned `release` lifts it): a chain being bootstrapped mines hundreds of
     * blocks, and dumping its growing state every few seconds meanwhile cost the launcher and anvil a quarter of
     * the bootstrap's CPU, for a state that a restart could not use before the bootstrap ends anyway
     */
    held?: boolean;
  } = {},
): Checkpoints & { release: (deferMs?: number) => void } {
  let lastBlock: string | undefined;
  let lastSave = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let stopped = false;
  let lastSaveMs = 0;
  let holds = 0;
  /** no save before this time (a release's deferral) */
  let notBefore = 0;
  const releaser = () => {
    let released = false;
    return (deferMs = 0) => {
      if (released) return;
      released = true;
      holds--;
      notBefore = Math.max(notBefore, Date.now() + deferMs);
    };
  };
  if (held) holds++;
  const initial = held ? releaser() : () => {};

  const save = async () => {
    const block = await rpcCall<string>(rpcUrl, "eth_blockNumber");
    if (block === lastBlock && Date.now() - lastSave < IDLE_SAVE_MS) return;
    const started = Date.now();
    // A large state takes anvil seconds to serialize: abandoning the call would leave anvil doing the work
    // anyway and the next tick asking again, so it gets time to finish.
    const dump = await rpcCall<`0x${string}`>(rpcUrl, "anvil_dumpState", [true], 120_000);
    const json = await gunzipAsync(Buffer.from(dump.slice(2), "hex"));
    if (stopped) return; // the chain is shutting down and writes its own final dump
    const tmp = `${stateFile}.checkpoint.tmp`;
    await writeFile(tmp, json);
    await rename(tmp, stateFile);
    lastBlock = block;
    lastSave = Date.now();
    lastSaveMs = lastSave - started;
  };

  const tick = () => {
    if (holds > 0 || Date.now() < notBefore) {
      timer = setTimeout(tick, intervalMs).unref();
      return;
    }
    const started = Date.now();
    inFlight = save()
      .catch(() => {
        // chain busy or going down: the next tick (or the exit dump) covers it, after the same backoff
        lastSaveMs = Date.now() - started;
      })
      .finally(() => {
        const wait = Math.max(intervalMs, lastSaveMs * SAVE_COST_FACTOR);
        if (!stopped) timer = setTimeout(tick, wait).unref();
      });
  };
  // unref: snapshots alone must not keep the launcher's process alive.
  if (periodic) timer = setTimeout(tick, intervalMs).unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
    async hold() {
      holds++;
      await inFlight;
      return releaser();
    },
    release: initial,
    lastSaveMs: () => lastSaveMs,
  };
}
