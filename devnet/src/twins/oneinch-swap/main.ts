/**
 * The swap aggregator twins: `node --import tsx devnet/src/twins/oneinch-swap/main.ts`, started by the devnet
 * launcher (COMPASS_TWIN_* environment) once as `aggregator` — the 1inch Swap API v6.0 (oneinch.ts) — and once as
 * `odos` — Odos's SOR API v2 (odos.ts) — both routing over the devnet's Uniswap v3 pools (routing.ts). They keep
 * no state but Odos's 60-second path ids: every answer is read from the chains.
 */
import { readAddressBook, readTwinConfig, serveTwin } from "../kit/index.ts";
import { aggregatorFromBook, odosFromBook } from "./twin.ts";

const config = readTwinConfig();
const book = readAddressBook(config);
await serveTwin(
  config,
  config.name === "odos" ? odosFromBook(book) : aggregatorFromBook(book, config.apiKey),
);
