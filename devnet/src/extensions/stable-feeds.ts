import { aaveOracleAbi } from "@compass/constants";
import { getAddress } from "viem";
import { roleAccount } from "../accounts.ts";
import { aaveDeployments } from "../earn/aave.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { ethenaDeployments, STABLE_FEEDS, skyDeployments, stableFeedDeployment } from "../earn/sky-ethena.ts";
import type { ChainExtension } from "./types.ts";

/**
 * USD feeds for DAI, USDS and USDe on ethereum, registered with the chain's Aave oracle (the price oracle the API
 * values holdings with) by the pool admin, as a market lists a source for an asset it prices without a reserve.
 */
export const stableFeedsExtension: ChainExtension = {
  name: "stablecoin feeds",
  chains: ["ethereum"],
  async ensure(ctx) {
    const oracle = aaveDeployments("ethereum").oracle.address;
    const tokens = {
      DAI: skyDeployments().DAI.address,
      USDS: skyDeployments().USDS.address,
      USDe: ethenaDeployments().USDe.address,
    };
    for (const symbol of STABLE_FEEDS) {
      const feed = await ensureDeployed(ctx, stableFeedDeployment(symbol));
      const source = await ctx.clients.public.readContract({
        address: oracle,
        abi: aaveOracleAbi,
        functionName: "getSourceOfAsset",
        args: [tokens[symbol]],
      });
      if (getAddress(source) !== getAddress(feed))
        await callContract(ctx, {
          from: roleAccount("deployer").address,
          address: oracle,
          abi: aaveOracleAbi,
          functionName: "setAssetSources",
          args: [[tokens[symbol]], [feed]],
        });
    }
  },
  contracts: () =>
    Object.fromEntries(STABLE_FEEDS.map((s) => [`PriceFeed_${s}_USD`, stableFeedDeployment(s).address])),
};
