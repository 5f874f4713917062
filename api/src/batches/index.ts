/**
 * Batches of v1 writes, shared by the transaction bundler (one EIP-7702 transaction) and smart-account batching
 * (one ERC-4337 / EIP-5792 batch): the action each `action_type` names, the steps built on the state the earlier
 * ones leave, and the sender's EIP-7702 delegation. The writes come from the registry, so neither capability
 * imports another.
 */
export {
  ACTION_TYPES,
  type ActionType,
  type BatchActions,
  type BatchVocabulary,
  type BundleAction,
  batchActions,
  batchVocabulary,
  userOperationSchema,
} from "./actions.ts";
export { delegateCodeOf, type SenderKind, senderKind } from "./delegation.ts";
export { type ActionBody, type BatchStep, batchSteps, stepRefusal } from "./steps.ts";
