import { ensureDeployed } from "../earn/deploy.ts";
import { seedVault } from "../earn/funding.ts";
import { EARN_CHAINS, type EarnChain, earnTokens, units } from "../earn/tokens.ts";
import { PLAIN_VAULTS, plainVaultDeployment } from "../earn/vaults.ts";
import type { ChainExtension } from "./types.ts";

/** OpenZeppelin ERC-4626 vaults over USDC and WETH on every earn chain, seeded by `earn_operator`. */
export const erc4626VaultsExtension: ChainExtension = {
  name: "plain ERC-4626 vaults",
  chains: EARN_CHAINS,
  async ensure(ctx) {
    const chain = ctx.spec.name as EarnChain;
    for (const vault of PLAIN_VAULTS) {
      const address = await ensureDeployed(ctx, plainVaultDeployment(chain, vault));
      const asset = earnTokens(chain)[vault.asset];
      await seedVault(ctx, asset, address, units(asset, vault.seed));
    }
  },
  contracts: (chain) =>
    Object.fromEntries(
      PLAIN_VAULTS.map((v) => [
        `Erc4626Vault${earnTokens(chain as EarnChain)[v.asset].symbol}`,
        plainVaultDeployment(chain as EarnChain, v).address,
      ]),
    ),
};
