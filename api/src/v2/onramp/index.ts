import type { Operation } from "../../kernel/registry/define.ts";
import { create } from "./operations/create.ts";
import { quote } from "./operations/quote.ts";
import { status } from "./operations/status.ts";

/** The three /v2/onramp operations: a stateless proxy to the card on-ramp provider. */
export const operations: Operation[] = [quote, create, status];

export type { OnrampPorts } from "./domain/ports.ts";
export { StripeAdapter } from "./stripe/adapter.ts";
