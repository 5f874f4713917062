/**
 * @compass/testkit — what the npm entry points (`npm start`, `npm test`, `npm run bench`,
 * `npm run resilience`) run: the stack launcher and the resilience run. Tests import the narrower entries
 * (`@compass/testkit/live`, `/wallet`, `/resilience`, …).
 */
export {
  formatReport,
  type ResilienceOptions,
  type ResilienceReport,
  runResilience,
} from "./resilience/index.ts";
export * from "./stack/index.ts";
