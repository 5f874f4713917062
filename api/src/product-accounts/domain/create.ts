import type { Address, PublicClient } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { describeRevert, RevertError } from "../../kernel/chain/revert.ts";
import {
  buildUnsignedTransaction,
  prefetchTxFields,
  type UnsignedTx,
} from "../../kernel/chain/transaction.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { createAccountCall, productAccountAddress } from "./address.ts";
import type { Product } from "./products.ts";
import { readAccountState } from "./state.ts";

export interface CreateAccountResult {
  address: Address;
  /** null once the account exists: creation is idempotent */
  transaction: UnsignedTx | null;
}

/**
 * The product account's address (known before deployment) and, while it has no code, the factory call
 * that deploys it, simulated from `sender` (who pays the gas; the owner or anyone on their behalf).
 */
export async function buildCreateAccount(input: {
  client: PublicClient;
  chain: ChainName;
  sender: Address;
  owner: Address;
  product: Product;
  estimateGas: boolean;
}): Promise<CreateAccountResult> {
  const address = productAccountAddress(input.owner, input.product);
  const fields = prefetchTxFields(input.client, input.chain, input.sender);
  const state = await readAccountState(input.client, address).catch((e) => rethrowRpc(input.chain, e));
  if (state.deployed) return { address, transaction: null };
  const call = createAccountCall(input.owner, input.product);
  const transaction = await buildUnsignedTransaction(
    input.client,
    input.chain,
    { from: input.sender, ...call },
    fields,
    {
      estimateGas: input.estimateGas,
      explain: (data) => {
        throw new RevertError(describeRevert(data));
      },
    },
  );
  return { address, transaction };
}
