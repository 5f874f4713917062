import { type Address, zeroAddress } from "viem";
import { roleAccount } from "../accounts.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import {
  EULER_VAULTS,
  eulerAbi,
  eulerFactoryDeployment,
  eulerIrmDeployment,
  eulerTrailingData,
  eulerVaultAddress,
} from "../earn/euler.ts";
import { seedVault } from "../earn/funding.ts";
import { type EarnChain, earnTokens, FULL_EARN_CHAINS, units } from "../earn/tokens.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

/**
 * Euler-ABI vaults (see earn/euler.ts): created, configured, seeded and half lent out, once per chain. Each
 * setting is compared with the vault's and sent only when it differs, so a changed rate model or cap reaches a
 * vault created by an earlier bootstrap.
 */
export const eulerVaultsExtension: ChainExtension = {
  name: "euler vaults",
  chains: FULL_EARN_CHAINS,
  async ensure(ctx) {
    const chain = ctx.spec.name as EarnChain;
    const [irm, factory] = [
      await ensureDeployed(ctx, eulerIrmDeployment()),
      await ensureDeployed(ctx, eulerFactoryDeployment()),
    ];
    const deployer = roleAccount("deployer").address;
    const operator = roleAccount("earn_operator").address;
    for (const vault of EULER_VAULTS) {
      const asset = earnTokens(chain)[vault.asset];
      const address = eulerVaultAddress(chain, vault);
      if (!(await ctx.clients.public.getCode({ address }))) {
        await callContract(ctx, {
          from: deployer,
          address: factory,
          abi: eulerAbi,
          functionName: "createProxy",
          args: [zeroAddress, false, eulerTrailingData(asset.address)],
        });
        if (!(await ctx.clients.public.getCode({ address })))
          throw new Error(`${chain}: Euler vault ${vault.key} is not at its predicted address ${address}`);
      }
      await configure(ctx, address, { irm, supplyCap: vault.supplyCap, feeReceiver: deployer, operator });
      if (!(await seedVault(ctx, asset, address, units(asset, vault.seed)))) continue;
      await callContract(ctx, {
        from: operator,
        address,
        abi: eulerAbi,
        functionName: "borrow",
        args: [units(asset, vault.borrowed), operator],
      });
      ctx.log(`${chain}: Euler-ABI vault ${vault.key} seeded and half lent`);
    }
  },
  contracts: (chain) => ({
    EulerFactory: eulerFactoryDeployment().address,
    EulerIrmLinearKink: eulerIrmDeployment().address,
    ...Object.fromEntries(EULER_VAULTS.map((v) => [v.key, eulerVaultAddress(chain as EarnChain, v)])),
  }),
};

/** The governor's settings, each sent only when the vault's differs (one batch of reads). */
async function configure(
  ctx: ExtensionContext,
  vault: Address,
  want: { irm: Address; supplyCap: number; feeReceiver: Address; operator: Address },
) {
  const read = ctx.clients.public;
  const [model, [supplyCap, borrowCap], receiver, borrower] = await Promise.all([
    read.readContract({ address: vault, abi: eulerAbi, functionName: "interestRateModel" }),
    read.readContract({ address: vault, abi: eulerAbi, functionName: "caps" }),
    read.readContract({ address: vault, abi: eulerAbi, functionName: "feeReceiver" }),
    read.readContract({ address: vault, abi: eulerAbi, functionName: "isBorrower", args: [want.operator] }),
  ]);
  const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase();
  const settings = [
    [!same(model, want.irm), "setInterestRateModel", [want.irm]],
    [supplyCap !== want.supplyCap || borrowCap !== 0, "setCaps", [want.supplyCap, 0]],
    [!same(receiver, want.feeReceiver), "setFeeReceiver", [want.feeReceiver]],
    [!borrower, "setBorrower", [want.operator, true]],
  ] as const;
  for (const [differs, functionName, args] of settings)
    if (differs)
      await callContract(ctx, {
        from: roleAccount("deployer").address,
        address: vault,
        abi: eulerAbi,
        functionName,
        args: args as never,
      });
}
