/** @compass/api — the operation registry, its HTTP app, and what a host app composes them with. */
export { addressBook, type Config, loadConfig, rpcUrl, servesChain, upstream } from "./config/env.ts";
export { ApiError, DomainError, UpstreamError } from "./errors.ts";
export { createHttpApp, type HttpApp, type HttpAppOptions } from "./http/app.ts";
export { LogSink } from "./http/log-sink.ts";
export { createLogger } from "./http/logger.ts";
export { toValidationIssues } from "./http/zod-issues.ts";
export { buildOpenApi } from "./openapi/build.ts";
export { type SponsorWallet, sponsorRelayRoute } from "./perpetual-trading/index.ts";
export { defineOperation, type Operation } from "./registry/define.ts";
export { operations } from "./registry/index.ts";
export { createServices, type Services } from "./services.ts";
export { type HttpCallResult, httpCall } from "./upstream/http-call.ts";
