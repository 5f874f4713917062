/**
 * @compass/settlement — the on-ramp settlement worker. The card provider pays USDC to the one-time wallet's
 * address and calls nothing of ours; this worker notices the payment and calls the factory's permissionless
 * `deployAndForward`, paid by its sponsor key, so the USDC reaches the buyer's wallet.
 */
export { chainFor, FORWARDED, type Forward, type SettlementChain } from "./chain.ts";
export { readSettlementConfig, type SettlementConfig } from "./config.ts";
export { listSessions, type ProviderSession } from "./provider.ts";
export { type SettlementState, StateFile } from "./state.ts";
export { createWorker, type PassResult, type WorkerDeps } from "./worker.ts";

import { chainFor } from "./chain.ts";
import type { SettlementConfig } from "./config.ts";
import { StateFile } from "./state.ts";
import { createWorker } from "./worker.ts";

/** A worker wired from its configuration. */
export function settlementWorker(config: SettlementConfig, log?: (line: string) => void) {
  return createWorker({
    chain: chainFor(config),
    provider: { url: config.providerUrl, apiKey: config.providerApiKey },
    store: new StateFile(config.stateFile),
    startCreated: config.startCreated,
    log,
  });
}
