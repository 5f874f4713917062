import { USDC } from "@compass/constants";
import { type Abi, type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256, parseUnits } from "viem";
import { roleAccount } from "../accounts.ts";
import { ensureCreate2 } from "../bootstrap/create2.ts";
import { sendAndConfirm } from "../bootstrap/tx.ts";
import { fiatTokenAbi } from "../contracts/abi.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { rwaTokenDeployment } from "../tokenized/deployments.ts";
import {
  CENTRIFUGE_VAULT,
  centrifugeVaultDeployment,
  ISSUER_OF,
  MIDAS_REDEMPTION_LIQUIDITY,
  MIDAS_VAULTS,
  midasDepositVaultDeployment,
  midasFeedDeployment,
  midasRedemptionVaultDeployment,
} from "../tokenized/issuer-vaults.ts";
import { DEVNET_MARKETS } from "../tokenized/markets.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

const CHAINS = ["ethereum", "base"] as const;
const rwaTokenAbi = loadArtifact("RwaToken").abi as Abi;
const midasAbi = loadArtifact("MidasDepositVaultTwin").abi as Abi;

const assetsOn = (chain: string, issuer: "midas" | "centrifuge") =>
  DEVNET_MARKETS.filter(
    (m) => ISSUER_OF[m.asset.symbol] === issuer && (m.asset.chains as string[]).includes(chain),
  ).map((m) => m.asset.symbol);

/**
 * The issuers' own interfaces on ethereum and base (after `tokenized-assets-markets`, which deploys the tokens):
 * per Midas mToken a data feed, a deposit vault (with an mToken issuance float) and a redemption vault (with USDC
 * liquidity), USDC as their stable payment token; per deRWA token a Centrifuge ERC-7540 vault (with a share float),
 * whose manager `fund_issuer` has USDC and has approved the vault for redemption payouts. Idempotent.
 */
export const issuerVaultsExtension: ChainExtension = {
  name: "tokenized-assets-issuer-vaults",
  chains: CHAINS,
  async ensure(ctx) {
    const deployer = roleAccount("deployer").address;
    const issuer = roleAccount("fund_issuer").address;
    const usdc = USDC[ctx.spec.name]!.address;
    for (const symbol of assetsOn(ctx.spec.name, "midas")) {
      const v = MIDAS_VAULTS[symbol]!;
      const token = rwaTokenDeployment(symbol).address;
      await ensureCreate2(ctx.clients, {
        from: deployer,
        ...midasFeedDeployment(symbol),
        what: `deploying ${symbol} feed`,
      });
      for (const [kind, d] of [
        ["deposit", midasDepositVaultDeployment(symbol)],
        ["redemption", midasRedemptionVaultDeployment(symbol)],
      ] as const) {
        const vault = await ensureCreate2(ctx.clients, {
          from: deployer,
          ...d,
          what: `deploying ${symbol} ${kind} vault`,
        });
        const [, , , stable] = (await ctx.clients.public.readContract({
          address: vault,
          abi: midasAbi,
          functionName: "tokensConfig",
          args: [usdc],
        })) as [Address, bigint, bigint, boolean];
        if (!stable) {
          const data = encodeFunctionData({
            abi: midasAbi,
            functionName: "addPaymentToken",
            args: [usdc, issuer, 0n, true],
          });
          await send(ctx, issuer, vault, data, `${symbol} ${kind} vault: USDC payment token`);
        }
        if (kind === "deposit" && (await balanceOf(ctx, token, vault)) === 0n) {
          const data = encodeFunctionData({
            abi: rwaTokenAbi,
            functionName: "mint",
            args: [vault, parseUnits(v.float, 18)],
          });
          await send(ctx, issuer, token, data, `${symbol} issuance float`);
        }
        if (kind === "redemption" && (await balanceOf(ctx, usdc, vault)) === 0n)
          await mintUsdc(ctx, vault, MIDAS_REDEMPTION_LIQUIDITY);
      }
    }
    for (const symbol of assetsOn(ctx.spec.name, "centrifuge")) {
      const token = rwaTokenDeployment(symbol).address;
      const vault = await ensureCreate2(ctx.clients, {
        from: deployer,
        ...centrifugeVaultDeployment(ctx.spec.name, symbol),
        what: `deploying ${symbol} Centrifuge vault`,
      });
      if ((await balanceOf(ctx, token, vault)) === 0n) {
        const data = encodeFunctionData({
          abi: rwaTokenAbi,
          functionName: "mint",
          args: [vault, parseUnits(CENTRIFUGE_VAULT.float, 18)],
        });
        await send(ctx, issuer, token, data, `${symbol} share float`);
        await mintUsdc(ctx, issuer, MIDAS_REDEMPTION_LIQUIDITY);
        const approve = encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [vault, maxUint256],
        });
        await send(ctx, issuer, usdc, approve, `${symbol} vault: manager's USDC approval`);
      }
    }
  },
  contracts: (chain) => {
    const out: Record<string, Address> = {};
    for (const symbol of assetsOn(chain, "midas")) {
      out[`MidasDataFeed_${symbol}`] = midasFeedDeployment(symbol).address;
      out[`MidasDepositVault_${symbol}`] = midasDepositVaultDeployment(symbol).address;
      out[`MidasRedemptionVault_${symbol}`] = midasRedemptionVaultDeployment(symbol).address;
    }
    for (const symbol of assetsOn(chain, "centrifuge"))
      out[`CentrifugeVault_${symbol}`] = centrifugeVaultDeployment(
        chain as "ethereum" | "base",
        symbol,
      ).address;
    return out;
  },
};

function balanceOf(ctx: ExtensionContext, token: Address, who: Address) {
  return ctx.clients.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });
}

async function send(ctx: ExtensionContext, from: Address, to: Address, data: Hex, what: string) {
  await sendAndConfirm(ctx.clients, { from, to, data, what: `${ctx.spec.name}: ${what}` });
}

async function mintUsdc(ctx: ExtensionContext, to: Address, amount: bigint) {
  const usdc = USDC[ctx.spec.name]!.address;
  const data = encodeFunctionData({ abi: fiatTokenAbi, functionName: "mint", args: [to, amount] });
  await send(ctx, roleAccount("usdc_admin").address, usdc, data, "minting issuer USDC");
}
