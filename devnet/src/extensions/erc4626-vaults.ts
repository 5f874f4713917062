import { erc4626Abi } from "viem";
import { roleAccount } from "../accounts.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { approveOnce, balanceOf, fund } from "../earn/funding.ts";
import { EARN_CHAINS, type EarnChain, earnTokens, units } from "../earn/tokens.ts";
import { PLAIN_VAULTS, plainVaultDeployment } from "../earn/vaults.ts";
import type { ChainExtension } from "./types.ts";

/** OpenZeppelin ERC-4626 vaults over USDC and WETH on every earn chain, seeded by `earn_operator`. */
export const erc4626VaultsExtension: ChainExtension = {
  name: "plain ERC-4626 vaults",
  chains: EARN_CHAINS,
  async ensure(ctx) {
    const chain = ctx.spec.name as EarnChain;
    const operator = roleAccount("earn_operator").address;
    for (const vault of PLAIN_VAULTS) {
      const address = await ensureDeployed(ctx, plainVaultDeployment(chain, vault));
      if ((await balanceOf(ctx, address, operator)) > 0n) continue;
      const asset = earnTokens(chain)[vault.asset];
      const amount = units(asset, vault.seed);
      await fund(ctx, asset, operator, amount);
      await approveOnce(ctx, asset.address, operator, address);
      await callContract(ctx, {
        from: operator,
        address,
        abi: erc4626Abi,
        functionName: "deposit",
        args: [amount, operator],
      });
    }
  },
  contracts: (chain) =>
    Object.fromEntries(PLAIN_VAULTS.map((v) => [v.key, plainVaultDeployment(chain as EarnChain, v).address])),
};
