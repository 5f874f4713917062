/**
 * `npm start`: the devnet (chains + twins), the on-ramp settlement worker and the app on PORT (3000), offline; every
 * URL printed; Ctrl-C stops everything.
 *
 * On a fresh clone it builds only what its servers and twins run (the packages' JavaScript and the bundles), while
 * the chains bootstrap. The rest follows once they answer, in the background: the hosted checkout's files, the pages
 * (next build), then at the lowest CPU priority the packages' declarations and the CLI. Until those are done,
 * `/healthz` lists them under `warming` and this output says so; pages answer 503 with a page that reloads itself.
 */

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { MARKET_HISTORY, TWINS } from "@compass/devnet";
import { startStack, warmingBoard } from "@compass/testkit/stack";
import {
  buildCheckoutFiles,
  buildDeclarationsAndCli,
  buildForServers,
  buildPages,
  checkoutStale,
  declarationsStale,
  pagesStale,
} from "./build.ts";

const started = Date.now();
const seconds = (since = started) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const say = (message: string) => console.log(`[${seconds().padStart(7)}] ${message}`);
const port = Number(process.env.PORT ?? 3000);
const dir = process.env.COMPASS_DEVNET_DIR ?? join(import.meta.dirname, "../.devnet");
mkdirSync(dir, { recursive: true });

/** What the launcher is still doing once the app answers (read by the app's /healthz). */
const board = warmingBoard(join(dir, "warming.json"));

// What the servers and twins run, built while the chains bootstrap (the devnet starts at once below). Then what is
// left to build is announced on the board, before a server can look: the app waits for its pages.
const steps = [
  {
    name: "checkout",
    what: "the hosted checkout's files",
    stale: checkoutStale,
    run: () => buildCheckoutFiles({ background: true, log: () => {} }),
  },
  {
    name: "pages",
    what: "the pages (next build)",
    stale: pagesStale,
    run: () => buildPages({ background: true, log: () => {} }),
  },
  {
    name: "declarations",
    what: "the packages' declarations and the CLI",
    stale: declarationsStale,
    run: () => buildDeclarationsAndCli({ background: true, priority: 19, log: () => {} }),
  },
];
const forServers = buildForServers({ log: say }).then(() => {
  const left = steps.filter((step) => step.stale());
  for (const step of left) board.start(step.name, step.what);
  return left;
});
forServers.catch(() => {}); // awaited by the stack, whose start fails with it

let markUp: () => void = () => {};
const stackUp = new Promise<void>((resolve) => {
  markUp = resolve;
});

/**
 * The rest, in the background once the app answers: nothing the API needs, so none of it takes CPU from the chains'
 * bootstrap or holds up the first answer.
 */
async function warmUp(): Promise<void> {
  const left = await forServers; // the pages and the checkout compile the packages' JavaScript in
  await stackUp;
  for (const step of left) {
    const t = Date.now();
    try {
      await step.run();
      board.done(step.name);
      say(`warmed up: ${step.what} (${seconds(t)})`);
    } catch (error) {
      board.fail(step.name, (error as Error).message);
      say(`could not build ${step.what}: ${(error as Error).message}`);
    }
  }
  if (left.length && !board.failed().length) say("warm: everything is built and served");
}
const warming = warmUp();
warming.catch(() => {});

let twinsUp = 0;
const stack = await startStack({
  dir,
  portBase: Number(process.env.COMPASS_DEVNET_PORT_BASE ?? 8545),
  marketHistory: MARKET_HISTORY,
  // the event index the API reads history from; its backfill is listed on /healthz until done
  index: process.env.COMPASS_INDEX === "off" ? false : { databaseUrl: process.env.DATABASE_URL || undefined },
  builds: { twins: forServers, servers: forServers },
  warming: board,
  // the chains' first state snapshots (seconds of a chain's time each) after the first requests
  firstSnapshotDelayMs: 30_000,
  servers: [
    {
      name: "app",
      port,
      env: { COMPASS_ENV: process.env.COMPASS_ENV ?? "staging", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    },
  ],
  log: (line: string) => {
    if (/"level":(40|50|60)/.test(line) || /error/i.test(line)) console.error(line);
    else if (/bootstrapped|verified|market history|^warning/.test(line)) say(line);
    else if (/^twin \S+ ready/.test(line) && ++twinsUp === TWINS.length) say(`twins up (${TWINS.length})`);
  },
});
markUp();
void stack.index?.ready().then(
  () => say("warmed up: the event index's backfill; it follows the chains"),
  () => {},
);

const app = stack.servers.app!.url;
const book = stack.devnet;
const still = board.running();
console.log(`
Compass is running (${seconds()}, ${process.env.COMPASS_ENV ?? "staging"})${
  still.length ? `; still warming up: ${still.map((i) => i.what).join(", ")} (${app}/healthz lists them)` : ""
}

  App              ${app}
  API reference    ${app}/docs
  OpenAPI          ${app}/v2/openapi.json
  On-ramp checkout ${app}/onramp/checkout?chain=ethereum&asset=USDC&destination=<address>
  Perp trading     ${app}/perpetual-trading
  MCP (HTTP)       ${app}/mcp
${Object.entries(book.chains)
  .map(([name, c]) => `  chain ${name.padEnd(17)} ${c.rpcUrl}  (chain id ${c.chainId})`)
  .join("\n")}
${Object.entries(book.twins ?? {})
  .map(([name, t]) => `  twin ${name.padEnd(18)} ${(t as { url: string }).url}`)
  .join("\n")}
  Event index      ${stack.index ? `${stack.index.url} (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; /status per chain)` : "off (COMPASS_INDEX=off): history read from the chains in pages"}
  Settlement worker ${stack.settlement ? `running (pid ${stack.settlement.child.pid}), forwarding paid one-time wallets` : "not started (no Ethereum or on-ramp twin)"}
  Address book     ${book.addressBookPath}

Press Ctrl-C to stop.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nstopping…");
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
