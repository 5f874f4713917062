/**
 * The fund issuer twin: `node --import tsx devnet/src/twins/mmf-issuer/main.ts`, started by the devnet
 * launcher (COMPASS_TWIN_* environment). It issues the sandbox money-market fund on ethereum_sepolia:
 * a connect portal registers and approves product accounts, USDC sent to the deposit address becomes a
 * subscription and shares sent back a redemption, and each settles at the next NAV cycle after the
 * 3:30 PM New York cutoff, on devnet time. State persists in its state file.
 */
import { MMF_CHAIN, MMF_SYMBOL } from "@compass/constants";
import { loadState, readAddressBook, readTwinConfig, saveState, sendJson, serveTwin } from "../kit/index.ts";
import { issuerChain } from "./chain.ts";
import { Issuer } from "./issuer.ts";
import { issuerRoutes } from "./routes.ts";
import { initialState } from "./state.ts";

/** How often the issuer looks at the chain: an advance of the devnet clock settles within this. */
const POLL_MS = Number(process.env.ISSUER_POLL_MS ?? 200);

const config = readTwinConfig();
const book = readAddressBook(config);

if (!book.chains[MMF_CHAIN] || !book.tokens?.[MMF_CHAIN]?.[MMF_SYMBOL]) {
  // A devnet started without the fund's chain (a subset of chains): stay up, answer that the fund is absent.
  await serveTwin(config, (_req, res) =>
    sendJson(res, 503, { error: `the fund's chain (${MMF_CHAIN}) is not part of this devnet` }),
  );
} else {
  const state = loadState(config, initialState());
  const save = () => saveState(config, state);
  const issuer = new Issuer(issuerChain(book, config.devnetDir), state, save);
  const portalUrl = `http://${config.host}:${config.port}/portal`;

  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    issuer
      .tick()
      .catch((error: unknown) => console.error(`issuer pass failed: ${(error as Error).message}`))
      .finally(() => {
        timer = setTimeout(loop, POLL_MS);
      });
  };

  await serveTwin(config, issuerRoutes(issuer, config.apiKey, portalUrl), {
    onShutdown: () => {
      clearTimeout(timer);
      save();
    },
  });
  loop();
}
