import { join } from "node:path";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainSpecByName } from "../../config.ts";
import { BRIDGE2 } from "../../contracts/bridge2.ts";
import { viemChain } from "../../rpc.ts";
import { announceReady, exitWith, readAddressBook, readTwinConfig } from "../kit/index.ts";
import { DepositWatcher } from "./bridge/deposits.ts";
import { BridgePayoutExecutor } from "./bridge/payouts.ts";
import { startVenue } from "./index.ts";
import { parseVenueNetwork } from "./spec.ts";

/**
 * The Hyperliquid twin's process (twin name `venue`): the venue (index.ts, chain-free, also run in process by
 * tests) wired to the local Arbitrum by bridge/ — deposits into the Bridge2 twin are credited from its USDC
 * transfers, withdrawals are paid by the bridge as the `venue_operator` role. Started by the devnet launcher
 * (registry.ts) with COMPASS_TWIN_* variables; built from the twin kit (../kit): config, ready line and shutdown
 * here, the server and state store in venue.ts and server.ts.
 */
const config = readTwinConfig();
const book = readAddressBook(config);
const arbitrum = book.chains.arbitrum;
if (!arbitrum) throw new Error("the venue twin needs the devnet's arbitrum chain");
const chain = viemChain(chainSpecByName("arbitrum"), arbitrum.rpcUrl);
const client = createPublicClient({
  chain,
  transport: http(arbitrum.rpcUrl, { retryCount: 1 }),
}) as PublicClient;
const bridge = arbitrum.contracts.Bridge2 ?? BRIDGE2;
const operator = privateKeyToAccount(book.roles.venue_operator.privateKey);
const log = (line: string) => console.error(line);

const network = parseVenueNetwork(
  book.twins[config.name]?.network,
  `addressbook twins.${config.name}.network`,
);

const venue = await startVenue({
  host: config.host,
  port: config.port,
  network,
  stateFile: config.stateFile,
  seed: process.env.VENUE_SEED ?? "compass-devnet",
  adminKey: config.apiKey,
  payoutExecutor: new BridgePayoutExecutor(client, chain, arbitrum.rpcUrl, operator, bridge),
});
const watcher = new DepositWatcher({
  client,
  usdc: arbitrum.contracts.USDC!,
  bridge,
  credit: (user, usd, key) => venue.engine.credit(user, usd, key),
  lost: (user, usd, key, reason) => venue.engine.recordLostDeposit(user, usd, key, reason),
  cursorFile: join(config.twinDir, "bridge-cursor.json"),
  log,
});
watcher.start();

exitWith(async () => {
  await watcher.stop();
  await venue.stop();
});
announceReady(config.name, venue.url);
