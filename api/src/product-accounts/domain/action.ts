import type { Abi, Address, Hex, PublicClient } from "viem";
import { describeRevert, RevertError } from "../../chain/revert.ts";
import { buildUnsignedTransaction, type TxFields, type UnsignedTx } from "../../chain/transaction.ts";
import type { ChainName } from "../../schemas/common.ts";
import type { AccountCall } from "./multisend.ts";
import {
  execTransactionData,
  prevalidatedSignature,
  safeTxFor,
  safeTxTypedData,
  type TypedDataPayload,
} from "./safe-tx.ts";
import { simulateAsAccount, simulateSafeTx } from "./simulate.ts";

export interface AccountActionInput {
  client: PublicClient;
  chain: ChainName;
  owner: Address;
  account: Address;
  calls: AccountCall[];
  /** the account's current Safe nonce */
  nonce: bigint;
  /** true: SafeTx typed data for a sponsor to relay; false: execTransaction sent by the owner */
  sponsored: boolean;
  /** the owner's nonce and fees, prefetched alongside the operation's reads (owner-sent only) */
  fields?: Promise<TxFields>;
  /** ABIs of the called contracts, to name a revert reason */
  abis?: Abi[];
}

export interface ActionEnvelope {
  transaction: UnsignedTx | null;
  eip_712: TypedDataPayload | null;
}

/**
 * A product-account action in the v2 envelope, simulated first. Sponsored: the SafeTx the owner signs
 * (simulated in the account's context). Owner-paid: execTransaction with the owner's pre-validated
 * signature (estimated from the owner); a failure is explained by re-running the inner call.
 */
export async function buildAccountAction(input: AccountActionInput): Promise<ActionEnvelope> {
  const tx = safeTxFor(input.calls, input.nonce);
  const explain = async (): Promise<never> => {
    const sim = await simulateSafeTx(input.client, input.chain, input.account, tx);
    throw new RevertError(
      sim.success ? "the Safe rejected the execution" : await reasonOf(input, sim.returnData),
    );
  };
  if (input.sponsored) {
    const sim = await simulateSafeTx(input.client, input.chain, input.account, tx);
    if (!sim.success) throw new RevertError(await reasonOf(input, sim.returnData));
    return { transaction: null, eip_712: safeTxTypedData(input.account, input.client.chain!.id, tx) };
  }
  if (!input.fields) throw new Error("owner-sent actions need prefetched transaction fields");
  const transaction = await buildUnsignedTransaction(
    input.client,
    input.chain,
    {
      from: input.owner,
      to: input.account,
      data: execTransactionData(tx, prevalidatedSignature(input.owner)),
    },
    input.fields,
    { explain },
  );
  return { transaction, eip_712: null };
}

/**
 * Why the account's calls revert. MultiSend reverts with no data when one of its calls fails, so a bare
 * revert of several calls is run again call by call (simulateAsAccount) to name the failing one and its own
 * reason.
 */
async function reasonOf(input: AccountActionInput, returnData: Hex): Promise<string> {
  const calls = input.calls;
  if (
    (returnData !== "0x" && returnData !== undefined) ||
    calls.length < 2 ||
    calls.some((c) => (c.value ?? 0n) > 0n)
  )
    return describeRevert(returnData, input.abis);
  const results = await simulateAsAccount(input.client, input.chain, input.account, calls).catch(() => null);
  const failed = results?.findIndex((r) => !r.success) ?? -1;
  if (!results || failed < 0) return describeRevert(returnData, input.abis);
  return `call ${failed + 1} of ${calls.length} (to ${calls[failed]!.to}) fails: ${describeRevert(results[failed]!.returnData, input.abis)}`;
}
