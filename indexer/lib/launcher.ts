import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, relative } from "node:path";
import { INDEXER_ROOT, type IndexPlan, indexPlan } from "./config.ts";

export interface IndexerOptions {
  /** the index's directory: the embedded database (PGlite) and what the launcher remembers of it */
  dir: string;
  /** path of the address book naming the chains (RPC URLs, chain ids, deploy blocks) */
  addressBook: string;
  /** HTTP port of the index (POST /logs, /ready, /status, /metrics) */
  port: number;
  /**
   * the index must answer on `port` itself: its readers were given that URL before it started (a stack's servers),
   * so a port taken in the meantime fails the start, naming it, instead of serving where nobody looks
   */
  exactPort?: boolean;
  /** default 127.0.0.1: the API calls it from the same host */
  hostname?: string;
  /** PostgreSQL connection string; omitted: PGlite in `dir` */
  databaseUrl?: string;
  /** database schema (default: one per index build and chain history, see `fingerprint`) */
  schema?: string;
  /** Ponder's log lines, one message each */
  log?: (line: string) => void;
  /**
   * resolve once ready (default: the backfill done and every chain indexed to its head of then, see `ready()`),
   * or (false) as soon as the server answers
   */
  waitForReady?: boolean;
  /** how long the start may take, ms (default 300 s) */
  timeoutMs?: number;
  /** more environment for the index (COMPASS_LOGS_MAX_RANGE, COMPASS_RPC_URL_<CHAIN>, COMPASS_INDEX_CHAINS…) */
  env?: Record<string, string>;
}

export interface IndexStatus {
  ready: boolean;
  /** per chain name: the block every answer for that chain is complete to */
  chains: Record<string, { chainId: number; indexedToBlock: number; timestamp: number }>;
}

export interface RunningIndexer {
  /** where the index answers: `port`, or the next free one when that was taken in the meantime */
  url: string;
  port: number;
  schema: string;
  pid: number;
  /** resolves once the backfill is done (/ready answers 200) and every chain is indexed up to its head of then */
  ready(): Promise<void>;
  status(): Promise<IndexStatus>;
  /** SIGTERM (Ponder unlocks its schema and closes the database), SIGKILL after 10 s; idempotent */
  stop(): Promise<void>;
  /** the process's exit code once it has exited (stopped, or on its own) */
  exited: Promise<number | null>;
}

/** Ponder's package, as Node would find it from this package (its exports do not include package.json). */
function ponderBin(): { bin: string; version: string } {
  let pkgPath: string | undefined;
  for (let dir = INDEXER_ROOT; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", "ponder", "package.json");
    if (existsSync(candidate)) {
      pkgPath = candidate;
      break;
    }
    if (dirname(dir) === dir) throw new Error("indexer: ponder is not installed");
  }
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8")) as { version: string; bin: { ponder: string } };
  return { bin: join(pkgPath, "..", pkg.bin.ponder), version: pkg.version };
}

/** The indexing sources that decide what the index holds (not the HTTP routes). */
function indexingSources(): string[] {
  const out = [join(INDEXER_ROOT, "ponder.config.ts"), join(INDEXER_ROOT, "ponder.schema.ts")];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "api") walk(path);
      } else if (/\.(ts|mts|js|mjs)$/.test(name)) out.push(path);
    }
  };
  walk(join(INDEXER_ROOT, "src"));
  return out;
}

async function rpc(url: string, method: string, params: unknown[]): Promise<any> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method} at ${url}: ${body.error.message}`);
  return body.result;
}

/**
 * What the index holds is fixed by its sources, Ponder's version, the chains with their start blocks, and the
 * chains' history itself (the hashes of each chain's first indexed block and last deployment's: a devnet created
 * again has other blocks under the same chain ids). Ponder resumes an index only under the same build; a new
 * fingerprint starts a new one in a schema of its own.
 */
export async function fingerprint(plan: IndexPlan): Promise<string> {
  const hash = createHash("sha256");
  hash.update(ponderBin().version);
  for (const file of indexingSources()) hash.update(relative(INDEXER_ROOT, file)).update(readFileSync(file));
  for (const chain of plan.chains) {
    // the first indexed block and the last deployment's: a genesis may be the same in two devnets, their
    // deployments (at devnet time) are not
    for (const number of new Set([chain.startBlock, chain.lastDeployBlock])) {
      const block = (await rpc(chain.rpcUrl, "eth_getBlockByNumber", [
        `0x${number.toString(16)}`,
        false,
      ])) as {
        hash: string;
      } | null;
      if (!block) throw new Error(`indexer: ${chain.name} has no block ${number} yet (${chain.rpcUrl})`);
      hash.update(`${chain.name}:${chain.chainId}:${chain.startBlock}:${number}:${block.hash}`);
    }
  }
  return hash.digest("hex").slice(0, 16);
}

async function assertPortFree(port: number, hostname: string) {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE" ? new Error(`indexer: port ${port} on ${hostname} is in use`) : error,
      ),
    );
    server.listen(port, hostname, () => server.close(() => resolve()));
  });
}

/** A Ponder JSON log line as one message: `msg key=value …`. */
function formatLine(line: string): { text: string; level: number; fields: Record<string, unknown> } {
  try {
    const { level, time: _time, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
    const rest = Object.entries(fields)
      .filter(([k]) => k !== "error")
      .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
      .join(" ");
    const error = fields.error as { message?: string } | undefined;
    const text = `${msg}${rest ? ` ${rest}` : ""}${error?.message ? ` — ${error.message}` : ""}`;
    return { text, level: Number(level ?? 30), fields: { msg, ...fields } };
  } catch {
    return { text: line, level: 30, fields: {} };
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Errors after which the embedded database is started again empty: the chains are not those it indexed. */
const RESTART_EMPTY = /cannot move backwards|previously used by a different Ponder app/;

/**
 * Starts the index (`ponder start` in a child process) on the address book's chains and resolves once it
 * answers (and, by default, once its backfill is done). PGlite in `dir` unless `databaseUrl` names PostgreSQL.
 * Offline: Ponder's telemetry is off.
 */
export async function startIndexer(options: IndexerOptions): Promise<RunningIndexer> {
  const hostname = options.hostname ?? "127.0.0.1";
  const log = options.log ?? (() => {});
  const timeoutMs = options.timeoutMs ?? 300_000;
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...options.env,
    COMPASS_ADDRESSBOOK: options.addressBook,
    COMPASS_INDEX_DIR: options.dir,
    DATABASE_URL: options.databaseUrl,
    DATABASE_PRIVATE_URL: undefined,
    PONDER_TELEMETRY_DISABLED: "true",
    PORT: String(options.port),
  };
  const plan = indexPlan(env);
  const schema = options.schema ?? `index_${await fingerprint(plan)}`;
  env.DATABASE_SCHEMA = schema;
  mkdirSync(options.dir, { recursive: true });
  // PGlite holds this index only: an index of other sources or another chain history is dropped, not kept beside
  const remembered = join(options.dir, "schema");
  if (plan.database.kind === "pglite") {
    const previous = existsSync(remembered) ? readFileSync(remembered, "utf8").trim() : undefined;
    if (previous !== schema) {
      if (previous) log(`index: sources or chains changed (schema ${previous} → ${schema}); indexing again`);
      rmSync(plan.database.directory, { recursive: true, force: true });
    }
    writeFileSync(remembered, `${schema}\n`);
  }
  await assertPortFree(options.port, hostname);

  const { bin } = ponderBin();
  const started = performance.now();
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let lastErrors: string[] = [];
  let serverPort: number | undefined;
  const launch = () => {
    lastErrors = [];
    serverPort = undefined;
    child = spawn(
      process.execPath,
      [
        bin,
        "start",
        "--root",
        INDEXER_ROOT,
        "--port",
        String(options.port),
        "--hostname",
        hostname,
        "--log-format",
        "json",
        "--schema",
        schema,
      ],
      { cwd: INDEXER_ROOT, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] },
    );
    const onLine = (line: string) => {
      if (!line.trim()) return;
      const { text, level, fields } = formatLine(line);
      if (fields.msg === "Created HTTP server" && typeof fields.port === "number") serverPort = fields.port;
      if (level >= 50) lastErrors = [...lastErrors.slice(-4), text];
      log(`index: ${text}`);
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffer = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split("\n");
        buffer = lines.pop()!;
        for (const line of lines) onLine(line);
      });
      stream.on("end", () => buffer && onLine(buffer));
    }
    exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    // a parent that exits without stop() does not leave the index running (it shuts down cleanly on SIGTERM)
    const orphan = () => child.kill("SIGTERM");
    process.once("exit", orphan);
    void exited.then(() => process.off("exit", orphan));
  };

  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  // Ponder moves to the next free port when the one asked for is taken (by then: ports here are also the
  // kernel's ephemeral range, any outgoing connection may hold one for a while); the index is where it says
  const base = () => `http://${host}:${serverPort ?? options.port}`;
  const answers = async (path: string) => {
    if (serverPort === undefined) return false;
    try {
      return (await fetch(`${base()}${path}`, { signal: AbortSignal.timeout(2_000) })).status === 200;
    } catch {
      return false;
    }
  };
  let stopped = false;
  /** until `path` answers 200; rejects when the process exits first or at `deadline` (performance.now()) */
  const until = async (path: string, deadline = started + timeoutMs) => {
    let exitCode: number | null | undefined;
    void exited.then((code) => {
      exitCode = code;
    });
    while (!stopped && performance.now() < deadline) {
      if (exitCode !== undefined)
        throw new Error(`indexer exited (${exitCode}) before ${path} answered: ${lastErrors.join(" | ")}`);
      if (await answers(path)) return;
      await wait(100);
    }
    throw new Error(stopped ? "indexer: stopped" : `indexer: ${path} did not answer within ${timeoutMs} ms`);
  };

  const stop = async () => {
    stopped = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const killed = await Promise.race([exited.then(() => true), wait(10_000).then(() => false)]);
    if (!killed) {
      child.kill("SIGKILL");
      await exited;
    }
    // Ponder 0.16 leaves its schema locked after a clean shutdown (its unlock does not land), so a restart waited out
    // the lock's 25 s heartbeat timeout before resuming. The process that held it is gone: released here.
    await releaseLock(plan.database, schema).catch((error) =>
      log(`index: could not release the schema's lock (${(error as Error).message}); a restart waits it out`),
    );
  };

  launch();
  try {
    await until("/health");
  } catch (error) {
    // an embedded index of a chain history that is not there anymore (a devnet rolled back or created again):
    // dropped and started once more
    if (plan.database.kind === "pglite" && RESTART_EMPTY.test(String((error as Error).message))) {
      log(`index: ${(error as Error).message}; starting it again empty`);
      rmSync(plan.database.directory, { recursive: true, force: true });
      launch();
      await until("/health").catch(async (e) => {
        await stop();
        throw e;
      });
    } else {
      await stop();
      throw error;
    }
  }
  let readyOnce: Promise<void> | undefined;
  /**
   * Ponder's /ready says the backfill is done, up to the block it took as final when it started (the head less
   * the chain's finality depth); the blocks after it follow one by one. Ready here: /ready, and every chain
   * indexed up to the head it had when /ready answered.
   */
  const atHead = async (deadline: number) => {
    const heads = await Promise.all(
      plan.chains.map(
        async (c) => [c.name, Number(BigInt(await rpc(c.rpcUrl, "eth_blockNumber", [])))] as const,
      ),
    );
    for (;;) {
      const status = (await (await fetch(`${base()}/status`)).json()) as Record<
        string,
        { block: { number: number } }
      >;
      if (heads.every(([name, head]) => (status[name]?.block.number ?? -1) >= head)) return;
      if (stopped) throw new Error("indexer: stopped");
      if (performance.now() > deadline)
        throw new Error(`indexer: not at the chains' head within ${timeoutMs} ms`);
      await wait(100);
    }
  };
  // a backfill of a real chain takes as long as it takes: only a start that waits for it is bounded
  const ready = () => {
    const deadline = options.waitForReady === false ? Number.POSITIVE_INFINITY : started + timeoutMs;
    readyOnce ??= until("/ready", deadline).then(() => atHead(deadline));
    return readyOnce;
  };
  const url = base();
  if (serverPort !== options.port) {
    if (options.exactPort) {
      await stop();
      throw new Error(
        `indexer: port ${options.port} was taken while the index started (it would serve on ${serverPort}, where its readers do not look)`,
      );
    }
    log(`index: port ${options.port} was taken; serving on ${serverPort}`);
  }
  if (options.waitForReady !== false) {
    await ready().catch(async (error) => {
      await stop();
      throw error;
    });
    log(
      `index: ready at ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s (schema ${schema})`,
    );
  }
  return {
    url,
    port: serverPort!,
    schema,
    pid: child!.pid!,
    ready,
    async status() {
      const [isReady, response] = await Promise.all([answers("/ready"), fetch(`${url}/status`)]);
      const body = (await response.json()) as Record<
        string,
        { id: number; block: { number: number; timestamp: number } }
      >;
      return {
        ready: isReady,
        chains: Object.fromEntries(
          Object.entries(body).map(([name, s]) => [
            name,
            { chainId: s.id, indexedToBlock: s.block.number, timestamp: s.block.timestamp },
          ]),
        ),
      };
    },
    stop,
    exited: exited!,
  };
}

/**
 * Marks `schema`'s Ponder app unlocked (`_ponder_meta`'s `is_locked`), as Ponder's own shutdown means to: only
 * once the process that held the lock has exited.
 */
async function releaseLock(database: IndexPlan["database"], schema: string): Promise<void> {
  const statement = `update "${schema.replaceAll('"', '""')}"._ponder_meta set value = jsonb_set(value, '{is_locked}', '0') where key = 'app'`;
  if (database.kind === "postgres") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: database.connectionString });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  if (!existsSync(database.directory)) return;
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(database.directory);
  try {
    await db.query(statement);
  } finally {
    await db.close();
  }
}
