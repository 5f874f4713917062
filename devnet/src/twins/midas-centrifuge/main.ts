/**
 * The issuers twin: `node --import tsx devnet/src/twins/midas-centrifuge/main.ts`, started by the devnet launcher. It is the
 * operations side of Midas (request approvals on its deposit and redemption vaults) and Centrifuge (ERC-7540
 * fulfilments and keeper claims) on ethereum and base, as `fund_issuer`, on devnet time: every poll and on
 * `POST /_twin/tick` (x-api-key; the devnet calls it after `time advance`). `GET /_twin/state` shows what it did.
 * State persists.
 */
import {
  HttpError,
  loadState,
  readAddressBook,
  readTwinConfig,
  saveState,
  sendJson,
  serveTwin,
} from "../kit/index.ts";
import { type DeskState, IssuersDesk, initialDeskState } from "./desk.ts";

const POLL_MS = Number(process.env.ISSUERS_POLL_MS ?? 1000);
/** how long the desk takes to process a request, devnet seconds */
const PROCESSING_SECONDS = Number(process.env.ISSUERS_PROCESSING_SECONDS ?? 3600);

const config = readTwinConfig();
const book = readAddressBook(config);
const state = loadState<DeskState>(config, initialDeskState());
const save = () => saveState(config, state);
const desk = new IssuersDesk(book, config.devnetDir, state, save, PROCESSING_SECONDS);

let timer: NodeJS.Timeout | undefined;
const loop = () => {
  desk
    .tick()
    .catch((error: unknown) => console.error(`issuers pass failed: ${(error as Error).message}`))
    .finally(() => {
      timer = setTimeout(loop, POLL_MS);
    });
};
await serveTwin(
  config,
  async (req, res) => {
    const path = new URL(req.url ?? "/", "http://issuers").pathname;
    if (config.apiKey && req.headers["x-api-key"] !== config.apiKey)
      throw new HttpError(401, "missing or invalid x-api-key");
    if (req.method === "POST" && path === "/_twin/tick") {
      await desk.tick();
      return sendJson(res, 200, { processed: state.processed.length });
    }
    if (req.method === "GET" && path === "/_twin/state") return sendJson(res, 200, state);
    throw new HttpError(404, `no route for ${req.method} ${path}`);
  },
  {
    onShutdown: () => {
      clearTimeout(timer);
      save();
    },
  },
);
loop();
