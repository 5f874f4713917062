import type { Abi, Address, PublicClient } from "viem";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type AccountCall,
  type ActionEnvelope,
  beginAccountAction,
} from "../../../product-accounts/index.ts";

/**
 * An action of the owner's Earn Account (manage, swap, bundle): its calls are built as for a deployed account,
 * balances checked, while the library reads the account's state (their reads leave in the same round trip). An
 * account that is not deployed is rare: its calls are built again without balance checks, so a bad field is still
 * named before the library's 422 on the missing account. `built` is what the last build returned.
 */
export async function earnAccountAction<Built extends { calls: AccountCall[] }>(
  input: { client: PublicClient; chain: ChainName; owner: Address; sponsored: boolean; abis?: Abi[] },
  build: (account: Address, checkBalance: boolean) => Promise<Built>,
): Promise<ActionEnvelope & { built: Built }> {
  const action = beginAccountAction("earn", input);
  const optimistic = build(action.account, true);
  optimistic.catch(() => {});
  const built = (await action.deployed) ? await optimistic : await build(action.account, false);
  return { ...(await action.finish(built.calls)), built };
}
