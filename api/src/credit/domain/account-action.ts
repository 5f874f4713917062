import type { Address, PublicClient } from "viem";
import { type AccountCall, productAccountAction } from "../../product-accounts/index.ts";
import type { ChainName } from "../../schemas/common.ts";

/** An action of the owner's Credit Account (borrow, repay, loops, bundle): see productAccountAction. */
export function creditAccountAction(
  input: { client: PublicClient; chain: ChainName; owner: Address; sponsored: boolean },
  calls: (account: Address) => Promise<AccountCall[]>,
) {
  return productAccountAction("credit", input, calls);
}
