import type { BatchVocabulary } from "../../../batches/index.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { batchedUserOperations as build } from "../domain/batch.ts";
import { BatchedUserOperationsResponse, batchedUserOperationsRequest } from "../schemas.ts";

export const batchedUserOperations = ({ actions, UserOperation }: BatchVocabulary) =>
  defineOperation({
    method: "POST",
    path: "/v1/smart_account/batched_user_operations",
    summary: "Get Smart Account Batched User Operations",
    description:
      "Several v1 writes (`operations`, each `{body: {action_type, …the write's fields}}`) as the calls `{to, data, value}` for `sender` to execute in one batch: a smart account's user operation (ERC-4337) or an EIP-5792 `wallet_sendCalls`. Each step is built and checked on the state the steps before it leave, executed from the sender with its own code, so the batch as returned has been simulated whole; a refusal names its step (`operations.<i>`).",
    body: batchedUserOperationsRequest(UserOperation),
    response: BatchedUserOperationsResponse,
    cli: { short: { chain: "c" } },
    handler: ({ body }, ctx) => build(ctx, actions, body as Parameters<typeof build>[2]),
  });
