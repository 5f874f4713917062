/**
 * The IXS vault manager twin: `node --import tsx devnet/src/twins/ixs-vault-manager/main.ts`, started by the devnet
 * launcher. IXS runs its managed vaults off chain and settles redemption requests on chain; this process does the
 * settling for the devnet's `ixv1` on bsc (as `fund_issuer`): requests older than the processing delay, on
 * devnet time, are finalised at that moment's NAV. `POST /_twin/tick` (x-api-key) runs a pass now (the devnet
 * calls it after `time advance`); `POST /_twin/reject/{id}` rejects a pending request. State persists.
 */
import { getAddress } from "viem";
import { IXS_VAULT } from "../../tokenized/ixs-params.ts";
import {
  controlRoutes,
  loadState,
  readAddressBook,
  readTwinConfig,
  saveState,
  serveAbsent,
  serveActing,
} from "../kit/index.ts";
import { IxsManager, type ManagerState } from "./manager.ts";

const POLL_MS = Number(process.env.IXS_POLL_MS ?? 1000);

const config = readTwinConfig();
const book = readAddressBook(config);
const vault = book.tokens?.bsc?.[IXS_VAULT.handle]?.address;

if (!book.chains.bsc || !vault) {
  await serveAbsent(config, "the vault's chain (bsc) is not part of this devnet");
} else {
  const state = loadState<ManagerState>(config, { cursor: 0, processed: [] });
  const save = () => saveState(config, state);
  const manager = new IxsManager(book, config.devnetDir, getAddress(vault), state, save, {
    processingSeconds: IXS_VAULT.processingSeconds,
  });
  const tick = () => manager.tick();
  const routes = controlRoutes(config, {
    tick,
    state,
    ticked: () => ({ cursor: state.cursor }),
    more: async (method, path) => {
      const reject = /^\/_twin\/reject\/(\d+)$/.exec(path);
      if (method === "POST" && reject) return { tx: await manager.reject(Number(reject[1])) };
    },
  });
  await serveActing(config, routes, { tick, pollMs: POLL_MS, save });
}
