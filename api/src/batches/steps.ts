import type { Address, Hex, PublicClient } from "viem";
import { type BatchCall, clientAfter } from "../kernel/chain/bundle-simulation.ts";
import type { ChainClients } from "../kernel/chain/clients.ts";
import type { Context } from "../kernel/context.ts";
import { DomainError, fieldError, RequestValidationError } from "../kernel/errors.ts";
import type { ChainName } from "../kernel/schemas/common.ts";
import type { ActionType, BatchActions } from "./actions.ts";

/** One action of a batch as validated: a v1 write's params with their `action_type`. */
export interface ActionBody {
  action_type: ActionType;
  [field: string]: unknown;
}

export interface BatchStep {
  actionType: ActionType;
  call: BatchCall;
}

/**
 * The calls of a batch, built in order by the v1 writes they name, each on the chain as the steps before it
 * leave it (`clientAfter`): a swap sees the approval an earlier step gives, a deposit the tokens the swap
 * delivers. Each write runs every check it runs alone, and its simulation runs the steps before it first, so
 * once the last step is built the whole batch has been simulated. A refusal names its step:
 * `body.<list>.<i>.body.<field>` for a field, "step i (ACTION): …" in the message.
 */
export async function batchSteps(
  ctx: Context,
  actions: BatchActions,
  input: {
    chain: ChainName;
    sender: Address;
    /** `actions` (bundler) or `operations` (smart account): where the steps are in the request */
    list: "actions" | "operations";
    actions: { body: ActionBody }[];
    /** the code the sender runs when it executes the batch (see clientAfter) */
    accountCode: Hex;
  },
): Promise<BatchStep[]> {
  const base = ctx.services.chains.get(input.chain, ["body", "chain"]);
  const steps: BatchStep[] = [];
  for (const [index, { body }] of input.actions.entries()) {
    const action = actions.get(body.action_type)!;
    const client = clientAfter(base, {
      account: input.sender,
      prior: steps.map((s) => s.call),
      accountCode: input.accountCode,
    });
    const stepCtx = withChainClient(ctx, input.chain, client);
    let result: { transaction: { to: string; data: string; value: string } };
    try {
      result = (await action.operation.handler(
        {
          params: {},
          query: {},
          body: { ...body, chain: input.chain, sender: input.sender, estimate_gas: true },
        },
        stepCtx,
      )) as typeof result;
    } catch (error) {
      throw namedStep(error, { index, list: input.list, actionType: action.actionType });
    }
    const tx = result.transaction;
    steps.push({
      actionType: action.actionType,
      call: { to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value) },
    });
  }
  return steps;
}

/** The context a step's write runs in: the same, but reading `chain` through `client`. */
function withChainClient(ctx: Context, chain: ChainName, client: PublicClient): Context {
  const chains = Object.create(ctx.services.chains, {
    get: {
      value: (name: ChainName, loc?: (string | number)[]) =>
        name === chain ? client : ctx.services.chains.get(name, loc),
    },
  }) as ChainClients;
  return { ...ctx, services: { ...ctx.services, chains } };
}

/** A step's refusal, re-aimed at the step: its fields under `body.<list>.<i>.body`, its message prefixed. */
function namedStep(
  error: unknown,
  step: { index: number; list: "actions" | "operations"; actionType: ActionType },
): unknown {
  const prefix = `step ${step.index + 1} (${step.actionType})`;
  if (error instanceof RequestValidationError) {
    return new RequestValidationError(
      error.issues.map((issue) => {
        const [where, field, ...rest] = issue.loc;
        const outer = where === "body" && (field === "chain" || field === "sender");
        return {
          ...issue,
          loc:
            outer || where !== "body" ? issue.loc : ["body", step.list, step.index, "body", field!, ...rest],
          msg: `${prefix}: ${issue.msg}`,
        };
      }),
    );
  }
  if (error instanceof DomainError) {
    error.message = `${prefix}: ${error.message}`;
    return error;
  }
  return error;
}

/** A step list's first refusal when a batch as a whole reverts at `index` (the executor's ExecuteError). */
export function stepRefusal(
  steps: BatchStep[],
  index: number,
  list: "actions" | "operations",
  reason: string,
): RequestValidationError {
  const step = steps[index];
  return fieldError(
    ["body", list, index],
    `step ${index + 1}${step ? ` (${step.actionType})` : ""} would revert in the batch: ${reason}`,
  );
}
