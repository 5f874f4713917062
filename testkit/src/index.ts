/**
 * @compass/testkit — what the npm entry points (`npm start`, `npm test`, `npm run bench`,
 * `npm run resilience`) run: the stack launcher and the resilience run. Tests import the narrower entries
 * (`@compass/testkit/live`, `/wallet`, `/resilience`, …).
 */
export {
  cpuLine,
  formatLoad,
  formatReport,
  type LoadResult,
  loadMixOf,
  percentile,
  type ResilienceOptions,
  type ResilienceReport,
  recordedUpstreams,
  runLoad,
  runResilience,
} from "./resilience/index.ts";
export { runScaleOut, type ScaleOutReport } from "./scale-out.ts";
export * from "./stack/index.ts";
