/**
 * The IXS vault manager twin: `node --import tsx devnet/src/twins/ixs-vault-manager/main.ts`, started by the devnet launcher.
 * IXS runs its managed vaults off chain and settles redemption requests on chain; this process does the
 * settling for the devnet's `ixv1` on bsc (as `fund_issuer`): requests older than the processing delay, on
 * devnet time, are finalised at that moment's NAV. `POST /_twin/tick` (x-api-key) runs a pass now (the devnet
 * calls it after `time advance`); `POST /_twin/reject/{id}` rejects a pending request. State persists.
 */
import { getAddress } from "viem";
import { IXS_VAULT } from "../../tokenized/ixs-params.ts";
import {
  HttpError,
  loadState,
  readAddressBook,
  readTwinConfig,
  saveState,
  sendJson,
  serveTwin,
} from "../kit/index.ts";
import { IxsManager, type ManagerState } from "./manager.ts";

const POLL_MS = Number(process.env.IXS_POLL_MS ?? 1000);

const config = readTwinConfig();
const book = readAddressBook(config);
const vault = book.tokens?.bsc?.[IXS_VAULT.handle]?.address;

if (!book.chains.bsc || !vault) {
  await serveTwin(config, (_req, res) =>
    sendJson(res, 503, { error: `the vault's chain (bsc) is not part of this devnet` }),
  );
} else {
  const state = loadState<ManagerState>(config, { cursor: 0, processed: [] });
  const save = () => saveState(config, state);
  const manager = new IxsManager(book, config.devnetDir, getAddress(vault), state, save, {
    processingSeconds: IXS_VAULT.processingSeconds,
  });
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    manager
      .tick()
      .catch((error: unknown) => console.error(`ixs pass failed: ${(error as Error).message}`))
      .finally(() => {
        timer = setTimeout(loop, POLL_MS);
      });
  };
  await serveTwin(
    config,
    async (req, res) => {
      const path = new URL(req.url ?? "/", "http://ixs").pathname;
      if (config.apiKey && req.headers["x-api-key"] !== config.apiKey)
        throw new HttpError(401, "missing or invalid x-api-key");
      if (req.method === "POST" && path === "/_twin/tick") {
        await manager.tick();
        return sendJson(res, 200, { cursor: state.cursor });
      }
      const reject = /^\/_twin\/reject\/(\d+)$/.exec(path);
      if (req.method === "POST" && reject)
        return sendJson(res, 200, { tx: await manager.reject(Number(reject[1])) });
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
}
