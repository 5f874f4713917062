import type { Address } from "viem";
import { postJson } from "./env.ts";
import { sendUnsigned } from "./tokenized-assets.ts";

/** The product accounts the API creates, by the path segment of their operations. */
export type ProductAccount = "earn" | "tokenized_assets";

/**
 * Dev account `devIndex`'s product account on `chain`, created if it is not yet and funded with `usdc`
 * (human units) of the owner's USDC, both through the API and sent from the owner; its address.
 */
export async function fundedProductAccount(
  product: ProductAccount,
  devIndex: number,
  chain: string,
  owner: Address,
  usdc: string,
): Promise<Address> {
  const created = await postJson(`/v2/${product}/create_account`, { chain, sender: owner, owner });
  if (created.status !== 200) throw new Error(`create_account: ${JSON.stringify(created.body)}`);
  if (created.body.transaction) await sendUnsigned(devIndex, chain, created.body.transaction);
  const deposit = await postJson(`/v2/${product}/transfer`, {
    owner,
    chain,
    token: "USDC",
    amount: usdc,
    action: "DEPOSIT",
  });
  if (deposit.status !== 200) throw new Error(`transfer: ${JSON.stringify(deposit.body)}`);
  await sendUnsigned(devIndex, chain, deposit.body.transaction);
  return created.body[`${product}_account_address`] as Address;
}

/** Dev account `devIndex`'s Earn Account on `chain`, funded with `usdc`. */
export const fundedEarnAccount = (devIndex: number, chain: string, owner: Address, usdc: string) =>
  fundedProductAccount("earn", devIndex, chain, owner, usdc);
