/**
 * @compass/indexer — the event index (a Ponder app) and its launcher. What it indexes: src/events.ts; the HTTP
 * contract: lib/query.ts and README.md.
 */
export { EVENTS, INDEXED_EVENTS, INDEXED_SELECTORS, type IndexedEvent } from "../src/events.ts";
export { addressBookPath, type ChainPlan, type IndexPlan, indexPlan } from "./config.ts";
export {
  fingerprint,
  type IndexerOptions,
  type IndexStatus,
  type RunningIndexer,
  startIndexer,
} from "./launcher.ts";
export { BadRequest, type LogsQuery, parseLogsQuery, type RpcLog, rpcLog } from "./query.ts";
