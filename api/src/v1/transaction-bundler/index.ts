import type { BatchVocabulary } from "../../batches/index.ts";
import type { Operation } from "../../kernel/registry/define.ts";
import { authorization } from "./operations/authorization.ts";
import { execute } from "./operations/execute.ts";

/**
 * The v1 transaction bundler (spec v1-capabilities.md §8): v1 writes batched into one EIP-7702 transaction through
 * Simple7702Account. The registry hands it the batch vocabulary (the v1 writes by `action_type`), shared with
 * smart-account batching.
 */
export const operations = (batch: BatchVocabulary): Operation[] => [authorization, execute(batch)];
