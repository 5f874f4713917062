import type { Abi } from "viem";
import { roleAccount } from "../accounts.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { seedVault } from "../earn/funding.ts";
import {
  METAMORPHO_VAULTS,
  metaMorphoAddress,
  metaMorphoFactoryDeployment,
  metaMorphoMarkets,
  metaMorphoSalt,
} from "../earn/metamorpho.ts";
import { marketId, marketParams } from "../earn/morpho.ts";
import { type EarnChain, earnTokens, FULL_EARN_CHAINS, units } from "../earn/tokens.ts";
import type { ChainExtension } from "./types.ts";

/** MetaMorpho-ABI vaults over the Morpho Blue markets (see earn/metamorpho.ts); runs after morphoBlue. */
export const metaMorphoVaultsExtension: ChainExtension = {
  name: "metamorpho vaults",
  chains: FULL_EARN_CHAINS,
  async ensure(ctx) {
    const chain = ctx.spec.name as EarnChain;
    const factory = await ensureDeployed(ctx, metaMorphoFactoryDeployment());
    const deployer = roleAccount("deployer").address;
    const vaultAbi = loadArtifact("MetaMorphoTwin").abi as Abi;
    for (const vault of METAMORPHO_VAULTS) {
      const asset = earnTokens(chain)[vault.asset];
      const address = metaMorphoAddress(asset.address, vault);
      if (!(await ctx.clients.public.getCode({ address }))) {
        await callContract(ctx, {
          from: deployer,
          address: factory,
          abi: loadArtifact("MetaMorphoTwinFactory").abi as Abi,
          functionName: "createMetaMorpho",
          args: [deployer, 0n, asset.address, vault.name, vault.symbol, metaMorphoSalt(vault)],
        });
        const markets = metaMorphoMarkets(chain, vault);
        for (const [i, market] of markets.entries()) {
          await callContract(ctx, {
            from: deployer,
            address,
            abi: vaultAbi,
            functionName: "submitCap",
            args: [marketParams(chain, market), units(asset, vault.caps[i] ?? "0")],
          });
        }
        await callContract(ctx, {
          from: deployer,
          address,
          abi: vaultAbi,
          functionName: "setSupplyQueue",
          args: [markets.map((m) => marketId(marketParams(chain, m)))],
        });
      }
      if (await seedVault(ctx, asset, address, units(asset, vault.seed)))
        ctx.log(`${chain}: MetaMorpho-ABI vault ${vault.symbol} seeded`);
    }
  },
  contracts: (chain) => ({
    MorphoVaultFactory: metaMorphoFactoryDeployment().address,
    ...Object.fromEntries(
      METAMORPHO_VAULTS.map((v) => [
        v.key,
        metaMorphoAddress(earnTokens(chain as EarnChain)[v.asset].address, v),
      ]),
    ),
  }),
};
