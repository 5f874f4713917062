import type { Address } from "viem";
import { postJson, wrapNative } from "./env.ts";
import { sendUnsigned } from "./tokenized-assets.ts";

/** The product accounts the API creates, by the path segment of their operations. */
export type ProductAccount = "earn" | "credit" | "tokenized_assets";

/**
 * Dev account `devIndex`'s product account on `chain`, created if it is not yet and funded with `amount`
 * (human units) of the owner's `token` (USDC unless named; WETH is wrapped from the owner's ether first), both
 * through the API and sent from the owner; its address.
 */
export async function fundedProductAccount(
  product: ProductAccount,
  devIndex: number,
  chain: string,
  owner: Address,
  amount: string,
  token = "USDC",
): Promise<Address> {
  const created = await postJson(`/v2/${product}/create_account`, { chain, sender: owner, owner });
  if (created.status !== 200) throw new Error(`create_account: ${JSON.stringify(created.body)}`);
  if (created.body.transaction) await sendUnsigned(devIndex, chain, created.body.transaction);
  if (token === "WETH") await wrapNative(devIndex, chain, amount);
  const deposit = await postJson(`/v2/${product}/transfer`, {
    owner,
    chain,
    token,
    amount,
    action: "DEPOSIT",
  });
  if (deposit.status !== 200) throw new Error(`transfer: ${JSON.stringify(deposit.body)}`);
  await sendUnsigned(devIndex, chain, deposit.body.transaction);
  return created.body[`${product}_account_address`] as Address;
}

/** Dev account `devIndex`'s Earn Account on `chain`, funded with `usdc`. */
export const fundedEarnAccount = (devIndex: number, chain: string, owner: Address, usdc: string) =>
  fundedProductAccount("earn", devIndex, chain, owner, usdc);

/** Dev account `devIndex`'s Credit Account on `chain`, funded with `amount` of `token`. */
export const fundedCreditAccount = (
  devIndex: number,
  chain: string,
  owner: Address,
  token: string,
  amount: string,
) => fundedProductAccount("credit", devIndex, chain, owner, amount, token);
