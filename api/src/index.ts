/** @compass/api — the operation registry, its HTTP app, and what a host app composes them with. */
import { type HttpApp as HttpAppOf, type HttpAppParts, httpApp } from "./http/app.ts";
import { loadConfig } from "./kernel/config/env.ts";
import { operations, v0Operations } from "./registry.ts";
import { createServices, type Services } from "./services.ts";

export { LogSink } from "./http/log-sink.ts";
export { createLogger } from "./http/logger.ts";
export { toValidationIssues } from "./http/zod-issues.ts";
export { addressBook, type Config, loadConfig, rpcUrl, servesChain, upstream } from "./kernel/config/env.ts";
export { ApiError, DomainError, UpstreamError } from "./kernel/errors.ts";
export { buildOpenApi } from "./kernel/openapi/build.ts";
export { defineOperation, type Operation } from "./kernel/registry/define.ts";
export { type HttpCallResult, httpCall } from "./kernel/upstream/http-call.ts";
export { operations, v0Operations } from "./registry.ts";
export { createServices, type Services } from "./services.ts";
export { type SponsorWallet, sponsorRelayRoute } from "./v2/perpetual-trading/index.ts";
/** The HTTP app over this API's services. */
export type HttpApp = HttpAppOf<Services>;

export type HttpAppOptions = Partial<HttpAppParts<Services>>;

/**
 * The HTTP app of this API: the registry's operations over one set of services. Every part may be given (a test's
 * own operations, a host app's services); what is not comes from the environment's configuration.
 */
export function createHttpApp(options: HttpAppOptions = {}): HttpApp {
  const config = options.config ?? loadConfig();
  return httpApp({
    ...options,
    config,
    services: options.services ?? createServices(config),
    operations: options.operations ?? operations,
    v0: options.v0 ?? v0Operations,
  });
}
