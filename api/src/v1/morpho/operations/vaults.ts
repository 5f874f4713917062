import { jsonInt } from "../../../kernel/lib/amounts.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { metaMorphoVaults } from "../domain/vaults.ts";
import { MorphoGetVaultsResponse, VaultsQuery } from "../schemas.ts";

export const vaults = defineOperation({
  method: "GET",
  path: "/v1/morpho/vaults",
  summary: "Get Vaults",
  description:
    "The MetaMorpho vaults the chain's factories created (their CreateMetaMorpho events), optionally those taking `deposit_token`: creation, asset, totals with USD value at the chain's oracle, fee, timelock, and APYs (fractions) — `netApy` the share price's growth over the last week, `apy` that before the vault's fee.",
  query: VaultsQuery,
  response: MorphoGetVaultsResponse,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    const chainId = ctx.services.chains.get(query.chain, ["query", "chain"]).chain!.id;
    const chain = { id: chainId, network: query.chain };
    const list = await metaMorphoVaults(ctx, query.chain, query.deposit_token);
    return {
      vaults: list.map((v) => {
        const fee = Number(v.fee) / 1e18;
        const net = Number(v.apys.weekly ?? 0) / 100;
        return {
          address: v.address,
          symbol: v.symbol,
          name: v.name,
          creationBlockNumber: v.creationBlockNumber,
          creationTimestamp: v.creationTimestamp,
          creatorAddress: v.creatorAddress,
          whitelisted: true,
          asset: { address: v.asset.address, symbol: v.asset.symbol, decimals: v.asset.decimals, chain },
          chain,
          state: {
            id: v.address,
            apy: fee < 1 ? net / (1 - fee) : net,
            netApy: net,
            totalAssets: jsonInt(v.totalAssets),
            totalAssetsUsd:
              v.assetUsd === null
                ? null
                : Number((v.totalAssets * v.assetUsd) / 10n ** BigInt(v.asset.decimals)) / 1e18,
            fee,
            timelock: Number(v.timelock),
          },
        };
      }),
    };
  },
});
