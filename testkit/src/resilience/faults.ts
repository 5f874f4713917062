import { readFileSync } from "node:fs";
import { pointLiveHelpersAt, type TestAddressBook } from "../live/env.ts";
import { type Stack, startServer as startServerProcess, startStack, stop } from "../stack/index.ts";
import { FAULTS } from "./scenarios.ts";
import type { FaultContext } from "./types.ts";

export interface FaultResult {
  name: string;
  survived: boolean;
  during?: string;
  after?: string;
  error?: string;
}

/** the chains and twins the scenarios use (scenarios.ts, onramp.ts, perpetual-trading.ts, tokenized-assets.ts) */
const FAULT_CHAINS = ["ethereum", "arbitrum", "base", "ethereum_sepolia"] as const;
const FAULT_TWINS = ["onramp", "venue", "equity_relay", "issuer"];

/** Runs every fault scenario on a stack of its own (faults are destructive), then stops it. */
export async function runFaults(opts: {
  dir: string;
  portBase: number;
  port: number;
  /** only the scenarios whose name matches (all by default) */
  only?: RegExp;
}): Promise<FaultResult[]> {
  const stack: Stack = await startStack({
    dir: opts.dir,
    portBase: opts.portBase,
    // thrown away after the scenarios: no periodic state dumps (each ~100 MB of JSON a chain, gigabytes over a
    // run, written by this process); a chain a scenario stops and starts again keeps its state through anvil's own
    // dump on a graceful stop
    snapshots: false,
    // what the scenarios act on and nothing more: four chains without the earn protocols, and the twins they stop
    // and start (every chain with the earn protocols and all ten twins, Alto's five processes among them, took most
    // of this step's time and two cores beside the browser tests)
    chains: [...FAULT_CHAINS],
    twins: FAULT_TWINS,
    earn: false,
    servers: [
      { name: "faults", port: opts.port, ui: false, env: { COMPASS_RATE_LIMIT: "off", LOG_LEVEL: "error" } },
    ],
  });
  let server = stack.servers.faults!;
  const url = server.url;
  // the live helpers (../live) find the stack under test as under `npm test`: pointed at this one
  const restore = pointLiveHelpersAt(url, stack.devnet.dir);
  const call = async (path: string, init?: RequestInit) => {
    const res = await fetch(url + path, init);
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body };
  };
  const ctx: FaultContext = {
    url,
    devnet: stack.devnet,
    book: JSON.parse(readFileSync(stack.devnet.addressBookPath, "utf8")) as TestAddressBook,
    get: (path) => call(path),
    post: (path, body, headers = {}) =>
      call(path, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", ...headers },
      }),
    killSettlement: async () => stack.settlement?.kill(),
    restartSettlement: () => void stack.restartSettlement(),
    async restartServer() {
      await stop(server.child);
      server = await startServerProcess(
        {
          name: "faults",
          port: opts.port,
          ui: false,
          env: { COMPASS_RATE_LIMIT: "off", LOG_LEVEL: "error" },
        },
        stack.devnet.dir,
      );
      stack.servers.faults = server;
    },
  };
  const results: FaultResult[] = [];
  try {
    for (const f of FAULTS.filter((f) => !opts.only || opts.only.test(f.name))) {
      try {
        results.push({ name: f.name, survived: true, ...(await f.run(ctx)) });
      } catch (error) {
        results.push({ name: f.name, survived: false, error: (error as Error).message });
      }
    }
  } finally {
    await stack.stop({ discard: true });
    restore();
  }
  return results;
}
