/** Wire schemas of v1 smart-account batching (spec v1-capabilities.md §8): the same actions as the bundler's. */
import { z } from "zod";
import { Address } from "../../kernel/schemas/common.ts";
import { V1Chain } from "../../kernel/schemas/v1.ts";

const estimateGas = z
  .boolean()
  .default(true)
  .describe("estimate gas for the batch, which also verifies that every step succeeds");

/** The batch's request, over the steps the batch vocabulary allows (`userOperationSchema`). */
export const batchedUserOperationsRequest = (UserOperation: z.ZodObject) =>
  z
    .object({
      chain: V1Chain,
      sender: Address.describe("the smart account (or EIP-5792 wallet) that executes the calls"),
      estimate_gas: estimateGas,
      operations: z
        .array(UserOperation)
        .min(1)
        .max(32)
        .meta({ examples: [[{ body: { action_type: "WRAP_ETH", amount: "0.1" } }]] })
        .describe("the steps, executed in order"),
    })
    .meta({ id: "BatchedUserOperationsRequest" });

export const UserOperationResponse = z
  .object({
    to: z.string().describe("the target contract address for the operation"),
    data: z.string().describe("the calldata for the operation"),
    value: z.string().describe("the ETH value to send with the operation, hex wei"),
  })
  .meta({ id: "UserOperationResponse" });

export const BatchedUserOperationsResponse = z
  .object({
    operations: z
      .array(UserOperationResponse)
      .describe("the calls, in order, for a smart account or an EIP-5792 wallet_sendCalls batch"),
  })
  .meta({ id: "BatchedUserOperationsResponse" });
