export { addressBook, type Config, loadConfig, rpcUrl, servesChain, upstream } from "./config/env.ts";
export { createHttpApp, type HttpApp } from "./http/app.ts";
export { createLogger } from "./http/logger.ts";
export { toValidationIssues } from "./http/zod-issues.ts";
export { buildOpenApi } from "./openapi/build.ts";
export type { Operation } from "./registry/define.ts";
export { operations } from "./registry/index.ts";
export { createServices, type Services } from "./services.ts";
