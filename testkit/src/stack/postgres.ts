/**
 * A throwaway PostgreSQL server (Debian's) for the tests that run the event index in its production mode: a fresh
 * cluster in a directory of its own, loopback only, no durability (fsync off: it is thrown away after the run).
 */
import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { createConnection } from "node:net";
import { dirname, join, resolve } from "node:path";
import { run, stop } from "./proc.ts";

const PG_ROOT = "/usr/lib/postgresql";

/** The directory of Debian's PostgreSQL binaries (the newest version installed), or undefined. */
export function postgresBin(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(PG_ROOT, versions[0], "bin");
}

export interface RunningPostgres {
  /** postgres://…@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** a new, empty database `name` on this server (each index its own); its URL */
  database(name: string): string;
  stop(): Promise<void>;
}

/**
 * PostgreSQL refuses to run as root: as root, the cluster belongs to Debian's `postgres` user and its programs run
 * as that user (`runuser`); as anyone else, as that user.
 */
function asServerUser(): {
  wrap: (cmd: string, args: string[]) => [string, string[]];
  uid?: number;
  gid?: number;
} {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args] };
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { wrap: (cmd, args) => ["runuser", ["-u", "postgres", "--", cmd, ...args]], uid, gid };
}

/**
 * A new cluster in `dir` (emptied first), served on `port`; resolves once it accepts connections. The database
 * `postgres` is the one to use; the user is the cluster's owner, trusted on loopback (no password).
 */
export async function startPostgres(dir: string, port: number): Promise<RunningPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (ensurePostgres installs Debian's)");
  const user = asServerUser();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const data = join(dir, "data");
  mkdirSync(data, { mode: 0o700 });
  if (user.uid !== undefined) {
    // the server's user must reach its directory: every directory above it open to others (a mkdtemp directory,
    // 0700, is not)
    for (let up = dirname(resolve(dir)); ; up = dirname(up)) {
      if ((statSync(up).mode & 0o001) === 0)
        throw new Error(
          `startPostgres: ${up} is closed to other users; the postgres user cannot reach ${dir}`,
        );
      if (dirname(up) === up) break;
    }
    chownSync(dir, user.uid, user.gid!);
    chownSync(data, user.uid, user.gid!);
  }
  const owner = user.uid !== undefined ? "postgres" : (process.env.USER ?? "postgres");
  const [initCmd, initArgs] = user.wrap(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    owner,
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C",
  ]);
  execFileSync(initCmd, initArgs, { stdio: "ignore" });
  const [cmd, args] = user.wrap(join(bin, "postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    // the socket beside the data, not /var/run/postgresql (which a clean machine may not have)
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=100",
  ]);
  const lines: string[] = [];
  const child: ChildProcess = run(cmd, args, { onLine: (l) => lines.push(l) });
  try {
    await waitForPort(port, child, lines);
  } catch (error) {
    await stop(child);
    throw error;
  }
  const url = (db: string) => `postgres://${owner}@127.0.0.1:${port}/${db}`;
  return {
    url: url("postgres"),
    port,
    database(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
      execFileSync(join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", owner, name], {
        stdio: "ignore",
      });
      return url(name);
    },
    // SIGTERM: PostgreSQL's "smart" shutdown waits for clients; SIGINT is its "fast" one
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, lines: string[]): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null)
      throw new Error(`postgres exited (${child.exitCode}):\n${lines.slice(-10).join("\n")}`);
    // accepting TCP is not yet accepting queries: wait for the server's own word
    if (lines.some((l) => l.includes("ready to accept connections"))) {
      const ok = await new Promise<boolean>((resolve) => {
        const sock = createConnection({ port, host: "127.0.0.1" }, () => {
          sock.end();
          resolve(true);
        });
        sock.on("error", () => resolve(false));
      });
      if (ok) return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`postgres did not start on ${port}:\n${lines.slice(-10).join("\n")}`);
}
