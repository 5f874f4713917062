/**
 * A whole local stack: the devnet (chains + twins), the on-ramp settlement worker and one or more API/app
 * servers as child processes.
 * `npm start`, `npm test`, `npm run bench` and `npm run resilience` all use it.
 */
import type { ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  assertPortFree,
  type DevnetChainName,
  type DevnetHandle,
  devnetPaths,
  nodeArgs,
  startDevnet,
  TWINS,
} from "@compass/devnet";
import { type RunningIndexer, startIndexer } from "@compass/indexer";
import { ROOT } from "../paths.ts";
import { run, stop, waitForHttp } from "./proc.ts";
import { type RpcLimitProxy, rpcLimitProxy } from "./rpc-limit-proxy.ts";
import { type SettlementProcess, settlementEnv, startSettlement } from "./settlement.ts";
import type { WarmingBoard } from "./warming.ts";

export { ROOT };
/** The shipped server, and the bundle `npm run build` makes of it (run while fresh; else tsx runs the source) */
export const SERVER_ENTRY = join(ROOT, "app/server.ts");
export const SERVER_BUNDLE = join(ROOT, "app/dist/server.mjs");

export interface ServerSpec {
  name: string;
  port: number;
  env?: Record<string, string>;
  /** false: API only (no Next) */
  ui?: boolean;
  /** flags for node before the program, e.g. --expose-gc so /healthz?gc=1 can collect before measuring */
  nodeFlags?: string[];
  /**
   * Write the server's output to this file rather than reading it in this process: a benchmark's load generator
   * must not also parse thousands of log lines a second (a deployment's collector is another process).
   */
  logFile?: string;
}

export interface RunningServer {
  name: string;
  url: string;
  child: ChildProcess;
  logs: string[];
}

export async function startServer(
  spec: ServerSpec,
  devnetDir: string,
  log: (line: string) => void = () => {},
): Promise<RunningServer> {
  await assertPortFree(spec.port, `${spec.name} server`);
  const logs: string[] = [];
  const outputFd = spec.logFile ? openSync(spec.logFile, "a") : undefined;
  const child = run(
    process.execPath,
    [...(spec.nodeFlags ?? []), ...nodeArgs(SERVER_ENTRY, SERVER_BUNDLE, "tsx")],
    {
      cwd: join(ROOT, "app"),
      env: {
        PORT: String(spec.port),
        HOST: "127.0.0.1",
        COMPASS_DEVNET_DIR: devnetDir,
        COMPASS_PUBLIC_URL: `http://127.0.0.1:${spec.port}`,
        COMPASS_UI: spec.ui === false ? "0" : "1",
        COMPASS_EXIT_WITH_PARENT: "1",
        NEXT_TELEMETRY_DISABLED: "1",
        ...spec.env,
      },
      stdinPipe: true,
      outputFd,
      onLine: (line: string) => {
        logs.push(line);
        if (logs.length > 2000) logs.shift();
        log(line);
      },
    },
  );
  if (outputFd !== undefined) closeSync(outputFd); // the child holds its own copy
  const url = `http://127.0.0.1:${spec.port}`;
  await waitForHttp(`${url}/v2/openapi.json`, { child, timeoutMs: 90_000 }).catch((error: Error) => {
    const tail = spec.logFile ? readFileSync(spec.logFile, "utf8").split("\n").slice(-30) : logs.slice(-30);
    throw new Error(`${spec.name} server did not start: ${error.message}\n${tail.join("\n")}`);
  });

  return { name: spec.name, url, child, logs };
}

export interface Stack {
  devnet: DevnetHandle;
  /** the event index the servers read history from (with `index`) */
  index?: RunningIndexer;
  servers: Record<string, RunningServer>;
  /** the range-limiting RPC fronts the servers read chains through, by chain (with `rpcLimit`) */
  rpcProxies: Record<string, RpcLimitProxy>;
  /** the on-ramp settlement worker (absent when the devnet runs no Ethereum or no on-ramp twin) */
  settlement?: SettlementProcess;
  /** starts the settlement worker again (after `settlement.stop()` or `.kill()`), from its saved state */
  restartSettlement(): SettlementProcess | undefined;
  /** `discard`: the chains are killed without writing their state, for a stack whose directory is removed next */
  stop(options?: { discard?: boolean }): Promise<void>;
}

export async function startStack(opts: {
  dir: string;
  portBase: number;
  servers: ServerSpec[];
  /**
   * Put each chain behind a proxy refusing eth_getLogs wider than this many blocks, as public providers
   * do, and point the servers at it (ports portBase + 60…).
   */
  rpcLimit?: number;
  /** false: no settlement worker (paid one-time wallets then stay unforwarded) */
  settlement?: boolean;
  /** only these chains and twins (by name): a test that needs one chain does not bootstrap four */
  chains?: DevnetChainName[];
  twins?: string[];
  /** false: a devnet without the earn protocols (startDevnet's `earn`) */
  earn?: boolean;
  /** weeks of market activity on a devnet just created (startDevnet's `marketHistory`) */
  marketHistory?: { days: number; stepDays: number };
  /**
   * what the twins and servers wait for before they start (`npm start`: the builds of what they run, made while the
   * chains bootstrap)
   */
  builds?: { twins?: Promise<unknown>; servers?: Promise<unknown> };
  /**
   * The launcher's list of what is still warming up (COMPASS_WARMING_FILE for the servers, whose `/healthz` lists it).
   * With one, the servers start as soon as the chains are bootstrapped, beside their market history and the twins,
   * and the stack lists both here while they run: the servers' API answers 503 until the history is done (its reads
   * would be of a history still being made), and a request that needs a twin still starting fails as it would when
   * that twin is down. Without one (the tests), the servers start once the chains hold their history.
   */
  warming?: WarmingBoard;
  /** startDevnet's `firstSnapshotDelayMs` */
  firstSnapshotDelayMs?: number;
  /** startDevnet's `snapshots` (false for a stack thrown away after its run) */
  snapshots?: boolean;
  /**
   * Follow the chains with the event index (`@compass/indexer`, port portBase + 90) and point the servers at it
   * (COMPASS_INDEX_URL): in PostgreSQL at `databaseUrl`, else PGlite under the devnet's directory. It starts once the
   * chains are bootstrapped and backfills beside whatever runs next (`index.ready()` waits for it).
   */
  index?: { databaseUrl?: string } | boolean;
  log?: (line: string) => void;
}): Promise<Stack> {
  const board = opts.warming;
  let serversMayStart: (chains: DevnetHandle["chains"]) => void = () => {};
  const chainsUp = new Promise<DevnetHandle["chains"]>((resolve) => {
    serversMayStart = resolve;
  });
  const devnetStart = startDevnet({
    dir: opts.dir,
    portBase: opts.portBase,
    log: opts.log,
    chains: opts.chains,
    earn: opts.earn,
    marketHistory: opts.marketHistory,
    beforeTwins: opts.builds?.twins,
    firstSnapshotDelayMs: opts.firstSnapshotDelayMs,
    snapshots: opts.snapshots,
    onChainsBootstrapped: (chains, history) => {
      if (!board) return;
      if (history) board.start("history", `the chains' market history (${opts.marketHistory?.days} days)`);
      board.start("twins", "the twins of the outside systems");
      serversMayStart(chains);
    },
    onChainsReady: (chains) => {
      board?.done("history");
      serversMayStart(chains);
    },
    twins: opts.twins && TWINS.filter((t) => opts.twins!.includes(t.name)),
  });
  const servers: Record<string, RunningServer> = {};
  const rpcProxies: Record<string, RpcLimitProxy> = {};
  const rpcEnv: Record<string, string> = {};
  let failed = false;
  let index: RunningIndexer | undefined;
  const indexOpts = opts.index === true ? {} : opts.index || undefined;
  const indexPort = opts.portBase + 90;
  if (indexOpts) rpcEnv.COMPASS_INDEX_URL = `http://127.0.0.1:${indexPort}`;
  const indexStart = (async () => {
    if (!indexOpts) return;
    await Promise.race([chainsUp, devnetStart.then(() => chainsUp)]);
    if (failed) return;
    board?.start("index", "the event index's backfill");
    index = await startIndexer({
      dir: join(opts.dir, "index"),
      addressBook: devnetPaths(opts.dir).addressBook,
      port: indexPort,
      // the servers were given this port's URL as they started beside it
      exactPort: true,
      databaseUrl: indexOpts.databaseUrl,
      log: (line) => opts.log?.(`index: ${line}`),
      // the stack answers before the backfill is done: until then the servers read history from the chains in
      // pages (while short enough), and a launcher's board lists the backfill
      waitForReady: false,
      env: opts.rpcLimit ? { COMPASS_LOGS_MAX_RANGE: String(opts.rpcLimit) } : {},
    });
    if (board) {
      const running = index;
      const progress = backfillProgress(running, devnetPaths(opts.dir).addressBook);
      const timer = setInterval(
        () =>
          void progress()
            .then((line) => line && board.start("index", `the event index's backfill: ${line}`))
            .catch(() => {}),
        2_000,
      ).unref();
      void running.ready().then(
        () => {
          clearInterval(timer);
          board.done("index");
        },
        (error: Error) => {
          clearInterval(timer);
          board.fail("index", error.message);
        },
      );
    }
  })();
  // The servers start beside the twins (and with a warming board, beside the history): they read the address book
  // (written by then) and call a twin only when a request needs it. Their start (seconds of CPU each) no longer
  // follows the twins'.
  const serversStart = (async () => {
    const chains = await Promise.race([chainsUp, devnetStart.then(() => chainsUp)]);
    await opts.builds?.servers;
    if (opts.rpcLimit) {
      for (const [i, [name, chain]] of Object.entries(chains).entries()) {
        const proxy = await rpcLimitProxy({
          target: chain.rpcUrl,
          port: opts.portBase + 60 + i,
          maxRange: opts.rpcLimit,
        });
        rpcProxies[name] = proxy;
        rpcEnv[`COMPASS_RPC_URL_${name.toUpperCase()}`] = proxy.url;
      }
      rpcEnv.COMPASS_LOGS_MAX_RANGE = String(opts.rpcLimit);
    }
    const warmingEnv: Record<string, string> = board ? { COMPASS_WARMING_FILE: board.file } : {};
    for (const spec of opts.servers) {
      if (failed) return;
      servers[spec.name] = await startServer(
        { ...spec, env: { ...rpcEnv, ...warmingEnv, ...spec.env } },
        opts.dir,
        opts.log,
      );
    }
  })();
  devnetStart.catch(() => {
    failed = true;
  });
  const [devnetResult, serversResult, indexResult] = await Promise.allSettled([
    devnetStart,
    serversStart,
    indexStart,
  ]);
  const devnet = devnetResult.status === "fulfilled" ? devnetResult.value : undefined;
  let settlement: SettlementProcess | undefined;
  let workerEnv: Record<string, string> | undefined;
  const closeAll = async ({ discard = false }: { discard?: boolean } = {}) => {
    await settlement?.stop();
    await Promise.all(Object.values(servers).map((s) => stop(s.child)));
    await Promise.all(Object.values(rpcProxies).map((p) => p.close()));
    await index?.stop();
    await devnet?.stop({ discard });
  };
  try {
    if (devnetResult.status === "rejected") throw devnetResult.reason;
    if (serversResult.status === "rejected") throw serversResult.reason;
    if (indexResult.status === "rejected") throw indexResult.reason;
    board?.done("twins");
    workerEnv =
      opts.settlement === false ? undefined : settlementEnv(devnet!, rpcEnv.COMPASS_RPC_URL_ETHEREUM);
    if (workerEnv && rpcEnv.COMPASS_LOGS_MAX_RANGE)
      workerEnv.COMPASS_LOGS_MAX_RANGE = rpcEnv.COMPASS_LOGS_MAX_RANGE;
    if (workerEnv) settlement = startSettlement(workerEnv, opts.log);
  } catch (error) {
    await closeAll();
    throw error;
  }
  const stack: Stack = {
    devnet: devnet!,
    index,
    servers,
    rpcProxies,
    settlement,
    restartSettlement() {
      if (!workerEnv) return undefined;
      settlement = startSettlement(workerEnv, opts.log);
      stack.settlement = settlement;
      return settlement;
    },
    stop: closeAll,
  };
  return stack;
}

/**
 * The backfill's progress, for people: the share of the chains' blocks indexed (summed over chains), the rate since
 * the last call and the time left at that rate, e.g. "62% (1,230 blocks/s, ~3 s left)".
 */
function backfillProgress(index: RunningIndexer, addressBookPath: string): () => Promise<string | undefined> {
  let last: { at: number; indexed: number } | undefined;
  return async () => {
    const book = JSON.parse(readFileSync(addressBookPath, "utf8")) as {
      chains: Record<string, { rpcUrl: string }>;
    };
    const status = await index.status();
    let indexed = 0;
    let total = 0;
    for (const [name, chain] of Object.entries(book.chains)) {
      const head = Number(
        (
          (await (
            await fetch(chain.rpcUrl, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
            })
          ).json()) as { result: string }
        ).result,
      );
      total += head;
      indexed += Math.min(head, status.chains[name]?.indexedToBlock ?? 0);
    }
    const now = Date.now();
    const rate = last && now > last.at ? ((indexed - last.indexed) * 1000) / (now - last.at) : 0;
    last = { at: now, indexed };
    if (!total) return undefined;
    const percent = Math.floor((indexed / total) * 100);
    const left = rate > 0 ? `, ~${Math.ceil((total - indexed) / rate)} s left` : "";
    return `${percent}% (${Math.round(rate).toLocaleString("en")} blocks/s${left})`;
  };
}
