import { buildAddressBook, type DevnetAddressBook, writeAddressBook } from "./addressbook.ts";
import { bringUpChain } from "./anvil/bringup.ts";
import type { RunningChain } from "./anvil/chain.ts";
import { advanceDevnetTime } from "./clock.ts";
import {
  CHAINS,
  type ChainSpec,
  chainSpecByName,
  DEFAULT_PORT_BASE,
  type DevnetChainName,
  rpcUrl,
} from "./config.ts";
import { selectExtensions } from "./extensions/index.ts";
import { devnetPaths, findDevnetDir } from "./layout.ts";
import type { ManagedChild } from "./process/child.ts";
import { closeGuard } from "./process/guard.ts";
import { assertPortFree } from "./process/ports.ts";
import { notifyTwinsOfTime } from "./twins/notify.ts";
import { TWINS } from "./twins/registry.ts";
import { type RunningTwin, startTwin, twinAddressBookEntry, twinPort, twinUrl } from "./twins/supervisor.ts";
import type { TwinSpec } from "./twins/types.ts";

export interface DevnetOptions {
  /** devnet directory: chain state, twin state, logs, addressbook.json (default: the repo's .devnet) */
  dir?: string;
  /** ethereum listens on portBase, arbitrum +1, base +2, ethereum_sepolia +3, bsc +4, twins from +10 */
  portBase?: number;
  /** subset of chains to run (default: all four) */
  chains?: DevnetChainName[];
  /** twins to run, in port order (default: the registry in twins/registry.ts) */
  twins?: TwinSpec[];
  /**
   * false: leave out the earn protocols (Aave, Uniswap, Morpho, Pendle, the vaults and their tokens), for a
   * test that needs only the baseline and the other capabilities — seconds less per earn chain
   */
  earn?: boolean;
  /**
   * per-twin settings for this start, listed in the address book (e.g. `{ venue: { network:
   * "Testnet" } }`); a twin's spec validates them (TwinSpec.settings)
   */
  twinSettings?: Record<string, Record<string, unknown>>;
  /**
   * a fresh devnet (no chain restored from state) lives through this much market history before it is handed
   * over: the clock advances `stepDays` at a time, each step running the market activity (loans, swaps, feeds),
   * so rate averages and volatility over past windows have weeks to read. Off by default (unit tests).
   */
  marketHistory?: { days: number; stepDays: number };
  /**
   * A chain bootstrapped by this start takes its first state snapshot this long after the devnet is handed over
   * (default: at the next check, within 2 s): a launcher starting servers on the same CPUs gives them the time
   * first. Until then a hard kill loses the bootstrap (a graceful stop still saves it).
   */
  firstSnapshotDelayMs?: number;
  /**
   * false: no periodic state snapshots (a chain still writes its state when stopped gracefully, so a restart of a
   * chain keeps it): for a devnet thrown away after its run, like the test suite's
   */
  snapshots?: boolean;
  /** the twins start once this settles too (a launcher's bundles of them, built while the chains bootstrap) */
  beforeTwins?: Promise<unknown>;
  /**
   * Called once the chains are bootstrapped and the address book is written, before their market history (`history`:
   * whether one follows): a launcher may start its servers from here (they read the address book, and call a twin
   * only when a request needs it)
   */
  onChainsBootstrapped?: (chains: DevnetHandle["chains"], history: boolean) => void;
  /** Called once the chains hold their market history too, as the twins that wait for it start. */
  onChainsReady?: (chains: DevnetHandle["chains"]) => void;
  log?: (message: string) => void;
}

export interface DevnetHandle {
  dir: string;
  addressBookPath: string;
  addressBook: DevnetAddressBook;
  chains: Record<string, { chainId: number; rpcUrl: string }>;
  twins: Record<string, { url: string }>;
  /**
   * stops twins, then chains (each dumps its state); idempotent. `discard`: the chains are killed without writing
   * their state (~100 MB of JSON each once the earn protocols are deployed), for a devnet whose directory is removed
   * next, as tests do
   */
  stop(options?: { discard?: boolean }): Promise<void>;
  stopChain(name: DevnetChainName): Promise<void>;
  startChain(name: DevnetChainName): Promise<void>;
  stopTwin(name: string): Promise<void>;
  startTwin(name: string): Promise<void>;
  /** moves every chain's clock forward by the same amount and mines a block on each */
  advanceTime(seconds: number): Promise<void>;
  /**
   * Defers every chain's state snapshots until the returned release is called, once saves in flight are done: a
   * snapshot stalls its chain for seconds (`lastSnapshotMs`), which a load measurement holds off for its window.
   */
  holdSnapshots(): Promise<() => void>;
  /** how long each chain's last snapshot stalled it, in ms */
  lastSnapshotMs(): Record<string, number>;
}

/**
 * Starts the devnet: one anvil per chain (in parallel, each bootstrapped or verified), writes the
 * address book, then starts the twins. On any failure everything already started is stopped again
 * before the error propagates.
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<DevnetHandle> {
  const paths = devnetPaths(options.dir ?? findDevnetDir());
  const portBase = options.portBase ?? DEFAULT_PORT_BASE;
  const specs: ChainSpec[] = options.chains ? options.chains.map(chainSpecByName) : [...CHAINS];
  const twinSpecs = options.twins ?? TWINS;
  const log = options.log ?? (() => {});
  const extensions = selectExtensions(options);

  // Refuse before spawning anything, so a clash never leaves half a devnet behind.
  for (const spec of specs) await assertPortFree(portBase + spec.index, `chain ${spec.name}`);
  for (const spec of twinSpecs) await assertPortFree(twinPort(portBase, spec), `twin ${spec.name}`);

  const chains = new Map<string, RunningChain>();
  const twins = new Map<string, RunningTwin>();
  const chainUrls = Object.fromEntries(
    specs.map((s) => [s.name, { chainId: s.chainId, rpcUrl: rpcUrl(portBase, s) }]),
  );
  const stopAll = async ({ discard = false }: { discard?: boolean } = {}) => {
    await Promise.all([...twins.values()].map((t) => t.process.stop()));
    twins.clear();
    await Promise.all([...chains.values()].map((c) => c.stop({ discard })));
    chains.clear();
    closeGuard();
  };

  const addressBook = buildAddressBook(
    specs.map((spec) => ({ spec, rpcUrl: rpcUrl(portBase, spec) })),
    Object.fromEntries(
      twinSpecs.map((spec) => [
        spec.name,
        twinAddressBookEntry(spec, portBase, options.twinSettings?.[spec.name]),
      ]),
    ),
    extensions,
  );
  // A child that exits without being asked to is worth a line: fault tests and people both want to know.
  const watch = (what: string, child: ManagedChild, logFile: string) =>
    void child.exited.then((how) => {
      if (!child.stopRequested()) log(`${what} exited unexpectedly (${how}); see ${logFile}`);
    });

  const startChain = async (name: DevnetChainName) => {
    const spec = specs.find((s) => s.name === name);
    if (!spec) throw new Error(`chain "${name}" is not part of this devnet`);
    if (chains.get(name)?.process.running()) return;
    const chain = await bringUpChain(spec, portBase, paths, log, extensions, {
      snapshots: options.snapshots,
    });
    chains.set(name, chain);
    const entry = addressBook.chains[name];
    if (entry) entry.deployBlocks = chain.deployBlocks;
    watch(`chain ${name}`, chain.process, paths.log(name));
  };
  const startTwinByName = async (name: string) => {
    if (twins.get(name)?.process.running()) return;
    const spec = twinSpecs.find((t) => t.name === name);
    if (!spec) throw new Error(`unknown twin "${name}"`);
    const twin = await startTwin(spec, portBase, paths);
    twins.set(name, twin);
    watch(`twin ${name}`, twin.process, paths.log(`twin-${name}`));
    log(`twin ${name} ready at ${twin.url}`);
  };

  try {
    await allOrFirstError(specs.map((spec) => startChain(spec.name)));
    // Twins read the address book at startup, so it is written before they start (the history changes nothing in it).
    writeAddressBook(paths.addressBook, addressBook);
    // Twins that keep nothing of devnet time load beside the history; the others take the devnet time as it ends.
    const startTwins = (early: boolean) =>
      (options.beforeTwins ?? Promise.resolve()).then(() =>
        allOrFirstError(
          twinSpecs.filter((t) => !!t.startsEarly === early).map((spec) => startTwinByName(spec.name)),
        ),
      );
    const early = startTwins(true);
    early.catch(() => {}); // awaited below, after the history
    const fresh = [...chains.values()].every((c) => !c.restored);
    options.onChainsBootstrapped?.(chainUrls, !!options.marketHistory && fresh);
    if (options.marketHistory && fresh)
      await liveHistory(paths, [...chains.values()], options.marketHistory, log).catch(async (error) => {
        await early.catch(() => {});
        throw error;
      });
    options.onChainsReady?.(chainUrls);
    await allOrFirstError([early, startTwins(false)]);
    // one chain's first snapshot at a time: each stalls its chain for seconds, and five at once stalled them all
    for (const [i, chain] of [...chains.values()].entries())
      chain.endBootstrapHold((options.firstSnapshotDelayMs ?? 0) + i * FIRST_SNAPSHOT_STAGGER_MS);
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    dir: paths.dir,
    addressBookPath: paths.addressBook,
    addressBook,
    chains: chainUrls,
    twins: Object.fromEntries(twinSpecs.map((t) => [t.name, { url: twinUrl(portBase, t) }])),
    stop: stopAll,
    startChain,
    async stopChain(name) {
      await chains.get(name)?.stop();
      chains.delete(name);
    },
    startTwin: startTwinByName,
    async stopTwin(name) {
      await twins.get(name)?.process.stop();
      twins.delete(name);
    },
    async holdSnapshots() {
      const releases = await Promise.all([...chains.values()].map((c) => c.checkpoints.hold()));
      return () => {
        for (const release of releases) release();
      };
    },
    lastSnapshotMs: () =>
      Object.fromEntries([...chains].map(([name, c]) => [name, c.checkpoints.lastSaveMs()])),
    async advanceTime(seconds) {
      const urls = [...chains.values()].map((c) => c.rpcUrl);
      const failed = (await advanceDevnetTime(paths, urls, seconds)).find((r) => r.status === "rejected");
      if (failed) throw (failed as PromiseRejectedResult).reason;
      await notifyTwinsOfTime(addressBook.twins);
    },
  };
}

/** Between two chains' first state snapshots after a bootstrap. */
const FIRST_SNAPSHOT_STAGGER_MS = 8_000;

/**
 * Like Promise.all, but waits for every start to settle before failing, so nothing is still starting
 * (and escaping the cleanup) when the error propagates.
 */
async function allOrFirstError(starts: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(starts)).find((r) => r.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

/**
 * Weeks of market activity on a devnet just created, before anything uses it: the same clock advances as
 * `devnet time advance` (every chain moves, then the activity runs on the earn chains). Twins start after it
 * and take the devnet time as they find it.
 */
async function liveHistory(
  paths: ReturnType<typeof devnetPaths>,
  chains: RunningChain[],
  history: { days: number; stepDays: number },
  log: (message: string) => void,
): Promise<void> {
  const started = performance.now();
  const step = Math.round(history.stepDays * 86_400);
  const rounds = Math.ceil(history.days / history.stepDays);
  for (let i = 0; i < rounds; i++) {
    const results = await advanceDevnetTime(
      paths,
      chains.map((c) => c.rpcUrl),
      step,
    );
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
  log(
    `market history: ${history.days} days in ${rounds} steps, ${Math.round(performance.now() - started)} ms`,
  );
}
