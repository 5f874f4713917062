/**
 * The fund issuer twin: `node --import tsx devnet/src/twins/issuer/main.ts`, started by the devnet
 * launcher (COMPASS_TWIN_* environment). It issues the sandbox money-market fund on ethereum_sepolia:
 * a connect portal registers and approves product accounts, USDC sent to the deposit address becomes a
 * subscription and shares sent back a redemption, and each settles at the next NAV cycle after the
 * 3:30 PM New York cutoff, on devnet time. State persists in its state file.
 */
import { loadState, readAddressBook, readTwinConfig, saveState, serveTwin } from "../runtime.ts";
import { issuerChain } from "./chain.ts";
import { Issuer } from "./issuer.ts";
import { issuerRoutes } from "./routes.ts";
import { initialState } from "./state.ts";

/** How often the issuer looks at the chain: an advance of the devnet clock settles within this. */
const POLL_MS = Number(process.env.ISSUER_POLL_MS ?? 200);

const config = readTwinConfig();
const state = loadState(config, initialState());
const save = () => saveState(config, state);
const issuer = new Issuer(issuerChain(readAddressBook(config), config.devnetDir), state, save);
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
