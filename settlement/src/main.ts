/**
 * The settlement worker as a process (`npm start` and the test stack run it; in production, run it with its
 * own configuration: README, "Configuration"). Stops on SIGTERM/SIGINT, or when the launcher's stdin pipe
 * closes, after the pass under way.
 */
import { readSettlementConfig, settlementWorker } from "./index.ts";

const config = readSettlementConfig();
const worker = settlementWorker(config);
const stop = new AbortController();
const shutdown = () => stop.abort();
process.on("SIGTERM", shutdown).on("SIGINT", shutdown);
if (process.env.COMPASS_EXIT_WITH_PARENT === "1")
  process.stdin.on("close", shutdown).on("end", shutdown).resume();
console.log(
  `settlement: watching ${config.providerUrl} every ${config.pollIntervalMs} ms; forwarding through ${config.factory}`,
);
await worker.run(config.pollIntervalMs, stop.signal);
console.log("settlement: stopped");
process.exit(0);
