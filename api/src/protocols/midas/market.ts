import { midasDataFeedAbi, midasDepositVaultAbi } from "@compass/constants";
import type { Address, PublicClient } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";

/** The parameters of the NAV model an mToken's feed publishes (USD per token, 18 decimals, at `t0`). */
export interface MidasNavModel {
  seed: bigint;
  p0: bigint;
  t0: number;
  apyBps: number;
  volBps: number;
}

export interface MidasMarket {
  model: MidasNavModel;
  /** the feed's rate now, USD per mToken, base 18 */
  price: bigint;
  /** the deposit vault is paused */
  paused: boolean;
}

/** An mToken as Midas prices it now: its feed's rate and model, and whether its deposit vault is paused. */
export async function readMidasMarket(
  client: PublicClient,
  feed: Address,
  depositVault: Address,
): Promise<MidasMarket> {
  const [params, price, paused] = await Promise.all([
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: feed,
      abi: midasDataFeedAbi,
      functionName: "params",
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: feed,
      abi: midasDataFeedAbi,
      functionName: "getDataInBase18",
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: depositVault,
      abi: midasDepositVaultAbi,
      functionName: "paused",
    }),
  ]);
  return { model: { ...params, t0: Number(params.t0) }, price, paused };
}
