/**
 * @compass/testkit — what the npm entry points (`npm start`, `npm test`, `npm run bench`,
 * `npm run resilience`) run: the stack launcher. Tests import the narrower entries
 * (`@compass/testkit/live`, `/wallet`, `/resilience`, …).
 */
export * from "./stack/index.ts";
