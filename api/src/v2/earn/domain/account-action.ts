import type { Address, PublicClient } from "viem";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type AccountCall, productAccountAction } from "../../../product-accounts/index.ts";
import { pendleRouterErrorsAbi } from "../../../protocols/pendle/index.ts";

/** An action of the owner's Earn Account (manage, swap, bundle): see productAccountAction. */
export function earnAccountAction(
  input: { client: PublicClient; chain: ChainName; owner: Address; sponsored: boolean },
  calls: (account: Address, deployed: boolean) => Promise<AccountCall[]>,
) {
  // revert reasons of the protocols' custom errors the ABIs the calls were built from do not carry
  return productAccountAction("earn", { ...input, abis: [pendleRouterErrorsAbi] }, calls);
}
