import type { Address, PublicClient } from "viem";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type AccountCall,
  type ActionEnvelope,
  beginAccountAction,
} from "../../../product-accounts/index.ts";

/**
 * An action of the owner's Credit Account (borrow, repay, loop, unloop, rebalance, bundle): its calls are built
 * while the library reads the account's state (their reads leave in the same round trip), and built again for an
 * account that is not deployed, so a bad field is still named before the library's 422 on the missing account.
 * `built` is what the last build returned.
 */
export async function creditAccountAction<Built extends { calls: AccountCall[] }>(
  input: { client: PublicClient; chain: ChainName; owner: Address; sponsored: boolean },
  build: (account: Address) => Promise<Built>,
): Promise<ActionEnvelope & { built: Built }> {
  const action = beginAccountAction("credit", input);
  const optimistic = build(action.account);
  optimistic.catch(() => {});
  const built = (await action.deployed) ? await optimistic : await build(action.account);
  return { ...(await action.finish(built.calls)), built };
}
