import type { Address, PublicClient } from "viem";
import { rethrowRpc } from "../../chain/clients.ts";
import { prefetchTxFields } from "../../chain/transaction.ts";
import { DomainError } from "../../errors.ts";
import {
  type AccountCall,
  type ActionEnvelope,
  buildAccountAction,
  productAccountAddress,
  readAccountState,
} from "../../product-accounts/index.ts";
import type { ChainName } from "../../schemas/common.ts";

/**
 * An action of the owner's Credit Account (borrow, repay): `calls` builds what it executes from the account's
 * state (checking the request's fields first, so a bad field is named even for an account that does not exist
 * yet); the account must exist (422 otherwise: credit declares only 422); the whole is one simulated Safe
 * transaction, or the SafeTx to sign when sponsored.
 */
export async function creditAccountAction(
  input: { client: PublicClient; chain: ChainName; owner: Address; sponsored: boolean },
  calls: (account: Address) => Promise<AccountCall[]>,
): Promise<ActionEnvelope> {
  const { client, chain, owner } = input;
  const account = productAccountAddress(owner, "credit");
  const fields = input.sponsored ? undefined : prefetchTxFields(client, chain, owner);
  const state = await readAccountState(client, account).catch((e) => rethrowRpc(chain, e));
  const built = await calls(account);
  if (!state.deployed)
    throw new DomainError(
      422,
      "Account not deployed",
      `The Credit Account ${account} is not deployed on ${chain}; call create_account first`,
    );
  return buildAccountAction({
    client,
    chain,
    owner,
    account,
    calls: built,
    nonce: state.nonce,
    sponsored: input.sponsored,
    fields,
  });
}
