/**
 * The swap aggregator twin: `node --import tsx devnet/src/twins/aggregator/main.ts`, started by the devnet
 * launcher (COMPASS_TWIN_* environment). It answers the 1inch Swap API v6.0 with routes over the devnet's
 * Uniswap v3 pools (oneinch.ts, routing.ts). It keeps no state: every answer is read from the chains.
 */
import { readAddressBook, readTwinConfig, serveTwin } from "../kit/index.ts";
import { aggregatorFromBook } from "./twin.ts";

const config = readTwinConfig();
await serveTwin(config, aggregatorFromBook(readAddressBook(config), config.apiKey));
