import type { Address, PublicClient } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { savingsAbi } from "./contracts.ts";

/** `user`'s sUSDS for the next block: its shares and the USDS they redeem for (the savings rate accrued to then). */
export async function readSavings(client: PublicClient, savings: Address, user: Address) {
  const shares = await client.readContract({
    address: savings,
    abi: savingsAbi,
    functionName: "balanceOf",
    args: [user],
    blockTag: NEXT_BLOCK,
  });
  const assets = await client.readContract({
    address: savings,
    abi: savingsAbi,
    functionName: "convertToAssets",
    args: [shares],
    blockTag: NEXT_BLOCK,
  });
  return { shares, assets };
}
