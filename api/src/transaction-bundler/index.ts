import type { Operation } from "../registry/define.ts";
import { authorization } from "./operations/authorization.ts";
import { execute } from "./operations/execute.ts";

/**
 * The v1 transaction bundler (spec v1-capabilities.md §8): v1 writes batched into one EIP-7702 transaction through
 * Simple7702Account. The batch machinery (actions, step building on the state earlier steps leave) is shared
 * with smart-account batching.
 */
export const operations: Operation[] = [authorization, execute];

export { ACTION_TYPES, type ActionType, BUNDLE_ACTIONS } from "./domain/actions.ts";
export { delegateCodeOf, senderKind } from "./domain/bundle.ts";
export { type ActionBody, type BatchStep, batchSteps } from "./domain/steps.ts";
export { UserOperation } from "./schemas.ts";
