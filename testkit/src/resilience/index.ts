/**
 * @compass/testkit/resilience — the resilience engine: hostile inputs generated from the operation manifest,
 * faults injected mid-flow on a stack of its own, a bounded load with a leak check, access control.
 * `npm run resilience` runs it in full; `npm test` runs a bounded form.
 */
export { type AccessCheck, runAccess } from "./access.ts";
export { type FaultResult, runFaults } from "./faults.ts";
export { casesFor, type Finding, type FuzzReport, fuzzOperation } from "./fuzz.ts";
export { type LoadRequest, type LoadResult, runLoad } from "./load.ts";
export { percentile } from "./mixed-load.ts";
export { type RecordedUpstreams, recordedUpstreams } from "./recorded.ts";
export {
  cpuLine,
  formatLoad,
  formatReport,
  type ResilienceOptions,
  type ResilienceReport,
  runResilience,
} from "./run.ts";
export { FAULTS, LOAD_MIX, loadMixOf } from "./scenarios.ts";
export type { FaultContext, FaultScenario } from "./types.ts";
