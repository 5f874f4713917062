import type { Address, PublicClient } from "viem";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type AccountCall,
  type ActionEnvelope,
  productAccountAction,
} from "../../../product-accounts/index.ts";

/** An action of the owner's Credit Account (borrow, repay, loops, bundle): see productAccountAction. */
export async function creditAccountAction(
  input: { client: PublicClient; chain: ChainName; owner: Address; sponsored: boolean },
  calls: (account: Address) => Promise<AccountCall[]>,
): Promise<ActionEnvelope> {
  const { calls: _count, ...envelope } = await productAccountAction("credit", input, calls);
  return envelope;
}
