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
import { pendleRouterErrorsAbi } from "./pendle.ts";

/**
 * An action of the owner's Earn Account (manage, swap, bundle): `calls` builds what it executes (checking
 * the request's fields, so a bad field is named even for an account that does not exist yet; `deployed`
 * tells it whether balances are worth checking); the account must exist (422 otherwise, as earn declares
 * only 422); the whole is one simulated Safe transaction.
 */
export async function earnAccountAction(
  input: { client: PublicClient; chain: ChainName; owner: Address; sponsored: boolean },
  calls: (account: Address, deployed: boolean) => Promise<AccountCall[]>,
): Promise<ActionEnvelope & { calls: number }> {
  const { client, chain, owner } = input;
  const account = productAccountAddress(owner, "earn");
  const fields = input.sponsored ? undefined : prefetchTxFields(client, chain, owner);
  const state = await readAccountState(client, account).catch((e) => rethrowRpc(chain, e));
  const built = await calls(account, state.deployed);
  if (!state.deployed)
    throw new DomainError(
      422,
      "Account not deployed",
      `The Earn Account ${account} is not deployed on ${chain}; call create_account first`,
    );
  const envelope = await buildAccountAction({
    client,
    chain,
    owner,
    account,
    calls: built,
    nonce: state.nonce,
    sponsored: input.sponsored,
    fields,
    // revert reasons of the protocols' custom errors the ABIs the calls were built from do not carry
    abis: [pendleRouterErrorsAbi],
  });
  return { ...envelope, calls: built.length };
}
