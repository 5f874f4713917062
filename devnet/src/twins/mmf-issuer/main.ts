/**
 * The fund issuer twin: `node --import tsx devnet/src/twins/mmf-issuer/main.ts`, started by the devnet
 * launcher (COMPASS_TWIN_* environment). It issues the sandbox money-market fund on ethereum_sepolia:
 * a connect portal registers and approves product accounts, USDC sent to the deposit address becomes a
 * subscription and shares sent back a redemption, and each settles at the next NAV cycle after the
 * 3:30 PM New York cutoff, on devnet time. State persists in its state file.
 */
import { MMF_CHAIN, MMF_SYMBOL } from "@compass/constants";
import {
  loadState,
  readAddressBook,
  readTwinConfig,
  saveState,
  serveAbsent,
  serveActing,
} from "../kit/index.ts";
import { issuerChain } from "./chain.ts";
import { Issuer } from "./issuer.ts";
import { issuerRoutes } from "./routes.ts";
import { initialState } from "./state.ts";

/**
 * How often the issuer looks at the chain for new orders (an advance of the devnet clock runs a pass at once, through
 * POST /_twin/tick): a transfer in is picked up within this.
 */
const POLL_MS = Number(process.env.ISSUER_POLL_MS ?? 500);

const config = readTwinConfig();
const book = readAddressBook(config);

if (!book.chains[MMF_CHAIN] || !book.tokens?.[MMF_CHAIN]?.[MMF_SYMBOL]) {
  // A devnet started without the fund's chain (a subset of chains): stay up, answer that the fund is absent.
  await serveAbsent(config, `the fund's chain (${MMF_CHAIN}) is not part of this devnet`);
} else {
  const state = loadState(config, initialState());
  const save = () => saveState(config, state);
  const issuer = new Issuer(issuerChain(book, config.devnetDir), state, save);
  const portalUrl = `http://${config.host}:${config.port}/portal`;
  await serveActing(config, issuerRoutes(issuer, config.apiKey, portalUrl), {
    tick: () => issuer.tick(),
    pollMs: POLL_MS,
    save,
  });
}
