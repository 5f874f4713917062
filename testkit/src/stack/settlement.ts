/**
 * The on-ramp settlement worker (@compass/settlement) as a tracked child process of a local stack, configured
 * from the devnet's address book as production configures it from the environment: the Ethereum RPC, the
 * `settlement_sponsor` role's key, the provider twin's URL and secret key, a state file in the devnet's
 * directory (so a restarted worker resumes where it stopped).
 */
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { DevnetHandle } from "@compass/devnet";
import { ROOT } from "../paths.ts";
import { run, stop } from "./proc.ts";

export const SETTLEMENT_ENTRY = join(ROOT, "settlement/src/main.ts");

export interface SettlementProcess {
  child: ChildProcess;
  logs: string[];
  /** resolves on the first log line matching `pattern` (already seen lines count) */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown, no last write — a crash */
  kill(): Promise<void>;
}

export function settlementEnv(devnet: DevnetHandle, rpcUrl?: string): Record<string, string> | undefined {
  const book = devnet.addressBook;
  const ethereum = book.chains.ethereum;
  const onramp = book.twins?.onramp;
  if (!ethereum || !onramp) return undefined;
  return {
    COMPASS_SETTLEMENT_RPC_URL: rpcUrl ?? ethereum.rpcUrl,
    COMPASS_SETTLEMENT_SPONSOR_KEY: book.roles.settlement_sponsor.privateKey,
    COMPASS_ONRAMP_URL: onramp.url,
    COMPASS_ONRAMP_API_KEY: onramp.apiKey ?? "",
    COMPASS_SETTLEMENT_STATE_FILE: join(devnet.dir, "settlement", "state.json"),
    COMPASS_SETTLEMENT_POLL_MS: "500",
  };
}

export function startSettlement(
  env: Record<string, string>,
  log: (line: string) => void = () => {},
): SettlementProcess {
  const logs: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const child = run(process.execPath, ["--import", "tsx", SETTLEMENT_ENTRY], {
    cwd: join(ROOT, "settlement"),
    env: { ...env, COMPASS_EXIT_WITH_PARENT: "1" },
    stdinPipe: true,
    onLine: (line) => {
      logs.push(line);
      if (logs.length > 2000) logs.shift();
      log(line);
      for (const w of waiters)
        if (w.pattern.test(line)) {
          waiters.delete(w);
          w.resolve(line);
        }
    },
  });
  return {
    child,
    logs,
    waitForLog(pattern, timeoutMs = 30_000) {
      const seen = logs.find((l) => pattern.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = { pattern, resolve };
        waiters.add(w);
        setTimeout(() => {
          if (waiters.delete(w))
            reject(new Error(`settlement never logged ${pattern}:\n${logs.slice(-20).join("\n")}`));
        }, timeoutMs).unref();
      });
    },
    stop: () => stop(child),
    async kill() {
      if (child.exitCode !== null || child.signalCode) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
