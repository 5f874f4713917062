/** Machine prerequisites the test suite installs itself on a clean CI machine (Debian). */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath } from "../chromium.ts";
import { postgresBin } from "./postgres.ts";

function sh(cmd: string, args: string[]): void {
  execFileSync(cmd, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

function aptInstall(packages: string[]): void {
  const sudo = process.getuid?.() === 0 ? [] : ["sudo", "-n"];
  const run = (args: string[]) =>
    sudo.length ? sh(sudo[0]!, [...sudo.slice(1), ...args]) : sh(args[0]!, args.slice(1));
  try {
    run(["apt-get", "install", "-y", "--no-install-recommends", ...packages]);
  } catch {
    run(["apt-get", "update"]);
    run(["apt-get", "install", "-y", "--no-install-recommends", ...packages]);
  }
}

/** Debian's chromium for Playwright and the story tests (never a downloaded browser). */
export function ensureChromium(): string {
  const path = chromiumPath();
  if (!existsSync(path)) {
    console.log("installing Debian's chromium…");
    aptInstall(["chromium"]);
  }
  if (!existsSync(path)) throw new Error(`chromium not found at ${path}`);
  return path;
}

export function ensurePython(): string {
  for (const p of ["python3"]) {
    try {
      execFileSync(p, ["--version"], { stdio: "ignore" });
      return p;
    } catch {}
  }
  aptInstall(["python3"]);
  return "python3";
}

/** The program at `path`, installing Debian's `pkg` first when it is missing. */
function ensureProgram(path: string, pkg: string): string {
  if (!existsSync(path)) {
    console.log(`installing Debian's ${pkg}…`);
    aptInstall([pkg]);
  }
  return path;
}

/** Debian's redis-server, for the multi-instance tests (rate limits and idempotency keys shared). */
export const ensureRedis = (): string => ensureProgram("/usr/bin/redis-server", "redis-server");

/** Debian's nginx (the light build), the load balancer in front of several API instances. */
export const ensureNginx = (): string => ensureProgram("/usr/sbin/nginx", "nginx-light");

/** Debian's PostgreSQL server, for the event index's production mode (its directory of programs). */
export function ensurePostgres(): string {
  if (!postgresBin()) {
    console.log("installing Debian's postgresql…");
    aptInstall(["postgresql"]);
  }
  const bin = postgresBin();
  if (!bin) throw new Error("postgresql not found under /usr/lib/postgresql");
  return bin;
}
