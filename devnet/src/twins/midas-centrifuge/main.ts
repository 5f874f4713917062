/**
 * The issuers twin: `node --import tsx devnet/src/twins/midas-centrifuge/main.ts`, started by the devnet launcher. It
 * is the operations side of Midas (request approvals on its deposit and redemption vaults) and Centrifuge (ERC-7540
 * fulfilments and keeper claims) on ethereum and base, as `fund_issuer`, on devnet time: every poll and on
 * `POST /_twin/tick` (x-api-key; the devnet calls it after `time advance`). `GET /_twin/state` shows what it did.
 * State persists.
 */
import {
  controlRoutes,
  loadState,
  readAddressBook,
  readTwinConfig,
  saveState,
  serveActing,
} from "../kit/index.ts";
import { type DeskState, initialDeskState, MidasCentrifugeDesk } from "./desk.ts";

const POLL_MS = Number(process.env.ISSUERS_POLL_MS ?? 1000);
/** how long the desk takes to process a request, devnet seconds */
const PROCESSING_SECONDS = Number(process.env.ISSUERS_PROCESSING_SECONDS ?? 3600);

const config = readTwinConfig();
const book = readAddressBook(config);
const state = loadState<DeskState>(config, initialDeskState());
const save = () => saveState(config, state);
const desk = new MidasCentrifugeDesk(book, config.devnetDir, state, save, PROCESSING_SECONDS);
const tick = () => desk.tick();

await serveActing(
  config,
  controlRoutes(config, { tick, state, ticked: () => ({ processed: state.processed.length }) }),
  { tick, pollMs: POLL_MS, save },
);
