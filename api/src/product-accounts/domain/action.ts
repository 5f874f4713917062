import type { Abi, Address, Hex, PublicClient } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { describeRevert, RevertError } from "../../kernel/chain/revert.ts";
import {
  buildUnsignedTransaction,
  prefetchTxFields,
  type TxFields,
  type UnsignedTx,
} from "../../kernel/chain/transaction.ts";
import { DomainError } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { productAccountAddress } from "./address.ts";
import type { AccountCall } from "./multisend.ts";
import { PRODUCT_LABEL, type Product } from "./products.ts";
import {
  execTransactionData,
  prevalidatedSignature,
  safeTxFor,
  safeTxTypedData,
  type TypedDataPayload,
} from "./safe-tx.ts";
import { simulateAsAccount, simulateSafeTx } from "./simulate.ts";
import { readAccountState } from "./state.ts";

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

/** An action of the owner's product account, begun: what the product needs to build its calls, and the rest. */
export interface AccountAction {
  /** the owner's account of the product (computed offline) */
  account: Address;
  /** whether the account exists: read in the round trip of the product's own reads begun in the same turn */
  deployed: Promise<boolean>;
  /**
   * The calls as one simulated Safe transaction of the account, or the SafeTx to sign when sponsored; a 422
   * "Account not deployed" when the account does not exist (these products declare only 422).
   */
  finish(calls: AccountCall[]): Promise<ActionEnvelope>;
}

/**
 * Begins an action of the owner's product account (earn's manage, swap and bundle; credit's borrow, repay, loops,
 * rebalance and bundle): starts the read of the account's state and, owner-sent, the owner's nonce, fees and
 * balance, so that they leave in the same JSON-RPC round trip as the reads the product starts in the same turn
 * (the calls it builds while the state is read). The product then builds its calls — checking the request's
 * fields first, so a bad field is named even for an account that does not exist yet — and hands them to
 * `finish`. The library never calls back into the product.
 */
export function beginAccountAction(
  product: Product,
  input: { client: PublicClient; chain: ChainName; owner: Address; sponsored: boolean; abis?: Abi[] },
): AccountAction {
  const { client, chain, owner, sponsored, abis } = input;
  const account = productAccountAddress(owner, product);
  const fields = sponsored ? undefined : prefetchTxFields(client, chain, owner);
  const state = readAccountState(client, account).catch((e) => rethrowRpc(chain, e));
  const deployed = state.then((s) => s.deployed);
  // awaited by the product or by finish; a product failing first leaves them unawaited, not "unhandled"
  deployed.catch(() => {});
  return {
    account,
    deployed,
    async finish(calls) {
      const { deployed, nonce } = await state;
      if (!deployed)
        throw new DomainError(
          422,
          "Account not deployed",
          `The ${PRODUCT_LABEL[product]} ${account} is not deployed on ${chain}; call create_account first`,
        );
      return buildAccountAction({ client, chain, owner, account, calls, nonce, sponsored, fields, abis });
    },
  };
}
