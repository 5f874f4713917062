import { getAddress, type Hex, numberToHex } from "viem";
import {
  type ActionBody,
  type BatchActions,
  batchSteps,
  delegateCodeOf,
  senderKind,
} from "../../../batches/index.ts";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Context } from "../../../kernel/context.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";

/**
 * `POST /v1/smart_account/batched_user_operations`: the actions as calls for the sender to execute in one batch,
 * an ERC-4337 account's `executeBatch` in a user operation, or an EIP-5792 `wallet_sendCalls`. Each step is built
 * and checked on the state the steps before it leave, executed from the sender with the sender's own code (an
 * EOA's as its 7702 delegate runs it), so once the last step is built the whole batch has been simulated.
 */
export async function batchedUserOperations(
  ctx: Context,
  actions: BatchActions,
  body: { chain: ChainName; sender: string; estimate_gas: boolean; operations: { body: ActionBody }[] },
) {
  const chain = body.chain;
  const client = ctx.services.chains.get(chain, ["body", "chain"]);
  const sender = getAddress(body.sender);
  const code = await client
    .getCode({ address: sender, blockTag: NEXT_BLOCK })
    .catch((error) => rethrowRpc(chain, error));
  const kind = senderKind(code);
  let accountCode: Hex;
  if (kind.kind === "contract") accountCode = code!;
  else if (kind.kind === "delegated")
    accountCode =
      (await client.getCode({ address: kind.to }).catch((error) => rethrowRpc(chain, error))) ?? "0x";
  // an EOA executing calls one by one accepts what it receives: the batch executor's code behaves so
  else accountCode = await delegateCodeOf(client, chain).catch(() => "0x" as Hex);
  const steps = await batchSteps(ctx, actions, {
    chain,
    sender,
    list: "operations",
    actions: body.operations,
    accountCode,
  });
  return {
    operations: steps.map((s) => ({ to: s.call.to, data: s.call.data, value: numberToHex(s.call.value) })),
  };
}
