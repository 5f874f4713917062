import { ixsVaultAbi, USDC } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseUnits } from "viem";
import { roleAccount } from "../accounts.ts";
import { ensureCreate2 } from "../bootstrap/create2.ts";
import { sendAndConfirm } from "../bootstrap/tx.ts";
import { IXS_VAULT, ixsAsset, ixsVaultDeployment } from "../tokenized/ixs.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

/**
 * The IXS managed vault `ixv1` on bsc: an ERC-4626 over the chain's USDC whose manager (`fund_issuer`)
 * finalises redemption requests (the `ixs` twin does it on devnet time). Seeded with the manager's own deposit,
 * so the vault has a supply and liquidity before anyone else arrives. Each step checks chain state first.
 */
export const ixsVaultExtension: ChainExtension = {
  name: "tokenized-assets-ixs",
  chains: [IXS_VAULT.chain],
  async ensure(ctx) {
    const vault = await ensureCreate2(ctx.clients, {
      from: roleAccount("deployer").address,
      ...ixsVaultDeployment(),
      what: `deploying the IXS vault ${IXS_VAULT.handle}`,
    });
    await seed(ctx, vault);
  },
  contracts: () => ({ [`IxsVault_${IXS_VAULT.handle}`]: ixsVaultDeployment().address }),
  tokens: () => {
    const asset = ixsAsset();
    return {
      [asset.symbol]: {
        address: ixsVaultDeployment().address,
        decimals: asset.decimals,
        name: asset.name,
        symbol: asset.symbol,
        provider: asset.provider,
        asset_class: asset.asset_class,
      },
    };
  },
};

async function send(ctx: ExtensionContext, from: Address, to: Address, data: Hex, what: string) {
  await sendAndConfirm(ctx.clients, { from, to, data, what: `${ctx.spec.name}: ${what}` });
}

/** The manager deposits the seed from its own USDC (every role starts with 1,000,000 on every chain). */
async function seed(ctx: ExtensionContext, vault: Address) {
  const supply = await ctx.clients.public.readContract({
    address: vault,
    abi: ixsVaultAbi,
    functionName: "totalSupply",
  });
  if (supply > 0n) return;
  const manager = roleAccount("fund_issuer").address;
  const usdc = USDC[IXS_VAULT.chain]!;
  const amount = parseUnits(IXS_VAULT.seed, usdc.decimals);
  const approve = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [vault, amount] });
  await send(ctx, manager, usdc.address, approve, "approving the IXS seed");
  const deposit = encodeFunctionData({ abi: ixsVaultAbi, functionName: "deposit", args: [amount, manager] });
  await send(ctx, manager, vault, deposit, `seeding ${IXS_VAULT.handle}`);
}
