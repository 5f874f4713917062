import { createConfig } from "ponder";
import { indexPlan } from "./lib/config.ts";
import { INDEXED_EVENTS } from "./src/events.ts";

/**
 * The chains of the address book (COMPASS_ADDRESSBOOK), each followed from its first contract's deployment;
 * every listed event (src/events.ts) as its own contract without an address, so the index keeps each such log
 * of any contract. Ponder merges them into one eth_getLogs per block range (all topic0s at once) and, at the
 * head, one eth_getLogs per block. What the environment sets: lib/config.ts.
 */
const plan = indexPlan();

export default createConfig({
  database:
    plan.database.kind === "postgres"
      ? { kind: "postgres", connectionString: plan.database.connectionString }
      : { kind: "pglite", directory: plan.database.directory },
  // each chain indexed on its own, as fast as its blocks come: the API reads one chain at a time
  ordering: "multichain",
  chains: Object.fromEntries(
    plan.chains.map((c) => [
      c.name,
      {
        id: c.chainId,
        rpc: c.rpcUrls.length === 1 ? c.rpcUrls[0] : c.rpcUrls,
        pollingInterval: c.pollingInterval,
        disableCache: c.disableCache,
        ...(c.ethGetLogsBlockRange ? { ethGetLogsBlockRange: c.ethGetLogsBlockRange } : {}),
      },
    ]),
  ),
  contracts: Object.fromEntries(
    INDEXED_EVENTS.map((e) => [
      e.key,
      {
        abi: [e.event],
        chain: Object.fromEntries(plan.chains.map((c) => [c.name, { startBlock: c.startBlock }])),
      },
    ]),
  ),
});
