/**
 * `npm run index -w @compass/indexer`: the index of the address book's chains, in the foreground until Ctrl-C.
 *
 *   COMPASS_ADDRESSBOOK   the address book (default: the repo's .devnet/addressbook.json)
 *   COMPASS_INDEX_DIR     PGlite's directory (default: index/ beside the address book)
 *   DATABASE_URL          PostgreSQL instead of PGlite
 *   COMPASS_INDEX_PORT    HTTP port (default 42069); COMPASS_INDEX_HOST (default 127.0.0.1)
 *   COMPASS_LOGS_MAX_RANGE, COMPASS_INDEX_CHAINS, COMPASS_INDEX_POLL_MS, COMPASS_RPC_URL_<CHAIN>,
 *   COMPASS_INDEX_START_BLOCK_<CHAIN>: see lib/config.ts
 */
import { indexPlan } from "./config.ts";
import { startIndexer } from "./launcher.ts";

const plan = indexPlan();
const port = Number(process.env.COMPASS_INDEX_PORT ?? 42069);
const started = performance.now();
const index = await startIndexer({
  dir: plan.indexDir,
  addressBook: plan.addressBookPath,
  port,
  hostname: process.env.COMPASS_INDEX_HOST,
  databaseUrl: process.env.DATABASE_URL || process.env.DATABASE_PRIVATE_URL || undefined,
  log: (line) => console.log(line),
  waitForReady: false,
});
console.log(
  `index: serving ${index.url} (${plan.chains.map((c) => `${c.name} from block ${c.startBlock}`).join(", ")}; ${
    plan.database.kind === "pglite" ? `PGlite in ${plan.database.directory}` : "PostgreSQL"
  }, schema ${index.schema})`,
);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void index.stop().then(() => process.exit(0));
  });
await index.ready();
console.log(
  `index: backfill done in ${((performance.now() - started) / 1000).toFixed(1)} s; following the chains`,
);
const code = await index.exited;
if (!stopping) {
  console.error(`index: Ponder exited (${code})`);
  process.exit(code || 1);
}
