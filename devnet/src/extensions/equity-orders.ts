import { rwaTokenAbi } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, maxUint256, parseUnits } from "viem";
import { roleAccount } from "../accounts.ts";
import { ensureCreate2 } from "../bootstrap/create2.ts";
import { sendAndConfirm } from "../bootstrap/tx.ts";
import {
  DEVNET_EQUITIES,
  EQUITY_USDC,
  equityTokenDeployment,
  limitOrderProtocolDeployment,
} from "../tokenized/equities.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

/**
 * Tokenized US equities on ethereum: the 1inch Limit Order Protocol v4 (built from its published sources,
 * src/equity/lop-compile.ts), one ERC-20 per equity issued by `fund_issuer`, and `market_maker`'s inventory
 * (minted by the issuer) with its allowances to the protocol, so the equity relay twin can fill orders.
 * Every step checks chain state first.
 */
export const equityOrdersExtension: ChainExtension = {
  name: "equity-orders",
  chains: ["ethereum"],
  async ensure(ctx) {
    const deployer = roleAccount("deployer").address;
    const lop = await ensureCreate2(ctx.clients, {
      from: deployer,
      ...limitOrderProtocolDeployment(),
      what: "deploying LimitOrderProtocol v4",
    });
    const maker = roleAccount("market_maker").address;
    for (const equity of DEVNET_EQUITIES) {
      const token = await ensureCreate2(ctx.clients, {
        from: deployer,
        ...equityTokenDeployment(equity.asset.symbol),
        what: `deploying ${equity.asset.symbol}`,
      });
      const held = await balanceOf(ctx, token, maker);
      if (held === 0n) {
        const amount = parseUnits(equity.inventory, equity.asset.decimals);
        const data = encodeFunctionData({ abi: rwaTokenAbi, functionName: "mint", args: [maker, amount] });
        await sendAndConfirm(ctx.clients, {
          from: roleAccount("fund_issuer").address,
          to: token,
          data,
          what: `ethereum: minting ${equity.asset.symbol} inventory`,
        });
      }
      await approveMax(ctx, token, lop, equity.asset.symbol);
    }
    await approveMax(ctx, EQUITY_USDC.address, lop, "USDC");
  },
  contracts: () => ({ LimitOrderProtocol: limitOrderProtocolDeployment().address }),
  tokens: () =>
    Object.fromEntries(
      DEVNET_EQUITIES.map(({ asset }) => [
        asset.symbol,
        {
          address: equityTokenDeployment(asset.symbol).address,
          decimals: asset.decimals,
          name: asset.name,
          symbol: asset.symbol,
          provider: asset.provider,
          asset_class: asset.asset_class,
        },
      ]),
    ),
};

function balanceOf(ctx: ExtensionContext, token: Address, who: Address) {
  return ctx.clients.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });
}

/** The market maker lets the protocol move its inventory and USDC when it takes orders. */
async function approveMax(ctx: ExtensionContext, token: Address, spender: Address, what: string) {
  const maker = roleAccount("market_maker").address;
  const allowance = await ctx.clients.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [maker, spender],
  });
  if (allowance > maxUint256 / 2n) return;
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, maxUint256] });
  await sendAndConfirm(ctx.clients, {
    from: maker,
    to: token,
    data,
    what: `ethereum: approving ${what} to LOP`,
  });
}
