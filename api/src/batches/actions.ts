import { z } from "zod";
import type { Operation } from "../kernel/registry/define.ts";

/**
 * Every `action_type` a batch takes (spec v1-capabilities.md §8), in the spec's order. Each is a v1 write: its
 * body inside a batch is the write's own body without `chain`, `sender` and `estimate_gas`, which the batch
 * request carries once.
 */
export const ACTION_TYPES = [
  "AAVE_SUPPLY",
  "AAVE_BORROW",
  "AAVE_REPAY",
  "AAVE_WITHDRAW",
  "MORPHO_DEPOSIT",
  "MORPHO_WITHDRAW",
  "MORPHO_SUPPLY_COLLATERAL",
  "MORPHO_WITHDRAW_COLLATERAL",
  "MORPHO_BORROW",
  "MORPHO_REPAY",
  "PENDLE_TRADE_PT",
  "PENDLE_TRADE_YT",
  "PENDLE_MANAGE_LIQUIDITY",
  "PENDLE_REDEEM_YIELD",
  "SKY_BUY",
  "SKY_SELL",
  "SKY_DEPOSIT",
  "SKY_WITHDRAW",
  "VAULT_DEPOSIT",
  "VAULT_WITHDRAW",
  "ETHENA_DEPOSIT",
  "ETHENA_REQUEST_WITHDRAW",
  "ETHENA_UNSTAKE",
  "ODOS_SWAP",
  "UNISWAP_BUY_EXACTLY",
  "UNISWAP_SELL_EXACTLY",
  "UNISWAP_MINT_LIQUIDITY_PROVISION",
  "UNISWAP_ADD_LIQUIDITY",
  "UNISWAP_WITHDRAW_LIQUIDITY_PROVISION",
  "AERODROME_SLIPSTREAM_BUY_EXACTLY",
  "AERODROME_SLIPSTREAM_SELL_EXACTLY",
  "AERODROME_SLIPSTREAM_MINT_LIQUIDITY_PROVISION",
  "AERODROME_SLIPSTREAM_INCREASE_LIQUIDITY_PROVISION",
  "AERODROME_SLIPSTREAM_WITHDRAW_LIQUIDITY_PROVISION",
  "SET_ALLOWANCE",
  "TOKEN_TRANSFER",
  "WRAP_ETH",
  "UNWRAP_WETH",
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface BundleAction {
  actionType: ActionType;
  /** the v1 write that builds this action's call */
  operation: Operation;
  /** its body inside a batch (`<Write>Params`, as the reference names it) */
  params: z.ZodObject;
}

/** The literal `action_type` a v1 write's body declares, if any. */
function actionTypeOf(op: Operation): string | undefined {
  const field = op.body?.shape.action_type as z.ZodType | undefined;
  if (!field) return undefined;
  const literal = (field instanceof z.ZodOptional ? field.unwrap() : field) as z.ZodLiteral;
  return literal instanceof z.ZodLiteral ? (literal.value as string) : undefined;
}

function paramsOf(op: Operation, actionType: ActionType): z.ZodObject {
  const requestId = z.globalRegistry.get(op.body!)?.id ?? `${op.operationId}Request`;
  return op
    .body!.omit({ chain: true, sender: true, estimate_gas: true })
    .extend({ action_type: z.literal(actionType).describe("which write this action is") })
    .meta({ id: requestId.replace(/Request$/, "Params") });
}

export type BatchActions = ReadonlyMap<ActionType, BundleAction>;

/**
 * The action of each `action_type`, from the v1 writes that declare one (the registry hands them over: a batch
 * runs other capabilities' operations without importing them).
 */
export function batchActions(writes: Operation[]): BatchActions {
  const found = new Map<string, Operation>();
  for (const op of writes) {
    const actionType = actionTypeOf(op);
    if (actionType) found.set(actionType, op);
  }
  const actions = new Map<ActionType, BundleAction>();
  for (const actionType of ACTION_TYPES) {
    const operation = found.get(actionType);
    if (!operation) throw new Error(`no v1 write declares action_type ${actionType}`);
    actions.set(actionType, { actionType, operation, params: paramsOf(operation, actionType) });
  }
  return actions;
}

/** One step of a batch on the wire: a v1 write's fields under `body`, named by its `action_type`. */
export function userOperationSchema(actions: BatchActions) {
  const params = ACTION_TYPES.map((type) => actions.get(type)!.params);
  return z
    .object({
      body: z
        .discriminatedUnion("action_type", params as [z.ZodObject, z.ZodObject, ...z.ZodObject[]])
        .describe(
          "one v1 write's fields, named by its `action_type`; the batch carries `chain` and `sender`",
        ),
    })
    .meta({ id: "UserOperation" });
}

/** What a batch operation is built over: the actions and their wire schema, made once per registry. */
export interface BatchVocabulary {
  actions: BatchActions;
  UserOperation: ReturnType<typeof userOperationSchema>;
}

export function batchVocabulary(writes: Operation[]): BatchVocabulary {
  const actions = batchActions(writes);
  return { actions, UserOperation: userOperationSchema(actions) };
}
