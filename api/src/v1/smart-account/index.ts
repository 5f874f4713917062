import type { BatchVocabulary } from "../../batches/index.ts";
import type { Operation } from "../../kernel/registry/define.ts";
import { batchedUserOperations } from "./operations/batched-user-operations.ts";

/**
 * v1 smart-account batching (spec v1-capabilities.md §8): v1 writes as the calls of one ERC-4337 / EIP-5792 batch,
 * over the batch vocabulary the registry hands it.
 */
export const operations = (batch: BatchVocabulary): Operation[] => [batchedUserOperations(batch)];
