import type { BatchVocabulary } from "../../../batches/index.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { bundlerExecute } from "../domain/bundle.ts";
import { BundlerTransactionResponse, multicallExecuteRequest } from "../schemas.ts";

export const execute = ({ actions, UserOperation }: BatchVocabulary) =>
  defineOperation({
    method: "POST",
    path: "/v1/transaction_bundler/execute",
    summary: "Construct Bundled Transaction",
    description:
      "Several v1 writes (`actions`, each `{body: {action_type, …the write's fields}}`) as one EIP-7702 transaction from `sender` to itself, which its delegate runs in order, all or none. Each step is built and checked on the state the steps before it leave (a swap sees the approval an earlier step gives), and the batch is simulated as the chain will run it: a refusal names its step (`actions.<i>`). Until the sender has delegated, send the signed authorization of `/v1/transaction_bundler/authorization`; the transaction then carries it in `authorizationList` (a type-4 transaction).",
    body: multicallExecuteRequest(UserOperation),
    response: BundlerTransactionResponse,
    cli: { short: { chain: "c" } },
    handler: ({ body }, ctx) => bundlerExecute(ctx, actions, body as Parameters<typeof bundlerExecute>[2]),
  });
