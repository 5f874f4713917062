import { rwaTokenAbi } from "@compass/constants";
import { type Address, erc20Abi, erc4626Abi, maxUint256, parseAbi } from "viem";
import { roleAccount } from "../accounts.ts";
import { mintUsdc } from "../bootstrap/usdc.ts";
import type { ExtensionContext } from "../extensions/types.ts";
import { callContract } from "./deploy.ts";
import type { EarnToken } from "./tokens.ts";

const weth9Abi = parseAbi(["function deposit() payable"]);

export function balanceOf(ctx: ExtensionContext, token: Address, owner: Address): Promise<bigint> {
  return ctx.clients.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });
}

/**
 * Gives `to` `amount` of a token the way the token is really obtained: USDC minted by its master minter,
 * WETH (WBNB) wrapped from the account's own ether, the issued tokens minted by `earn_operator`.
 */
export async function fund(
  ctx: ExtensionContext,
  token: EarnToken,
  to: Address,
  amount: bigint,
): Promise<void> {
  if (token.key === "USDC") {
    await mintUsdc(ctx.clients, ctx.spec, to, amount);
  } else if (token.key === "WETH") {
    await callContract(ctx, {
      from: to,
      address: token.address,
      abi: weth9Abi,
      functionName: "deposit",
      args: [],
      value: amount,
    });
  } else {
    await callContract(ctx, {
      from: roleAccount("earn_operator").address,
      address: token.address,
      abi: rwaTokenAbi,
      functionName: "mint",
      args: [to, amount],
    });
  }
}

/** Unlimited allowance from `owner` to `spender`, once. */
export async function approveOnce(ctx: ExtensionContext, token: Address, owner: Address, spender: Address) {
  const allowance = await ctx.clients.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [owner, spender],
  });
  if (allowance >= maxUint256 / 2n) return;
  await callContract(ctx, {
    from: owner,
    address: token,
    abi: erc20Abi,
    functionName: "approve",
    args: [spender, maxUint256],
  });
}

/**
 * `earn_operator` deposits `amount` of `asset` into an ERC-4626 vault (minted to it first), once: a vault the
 * operator already holds shares of is left as it is. Returns whether it deposited.
 */
export async function seedVault(
  ctx: ExtensionContext,
  asset: EarnToken,
  vault: Address,
  amount: bigint,
): Promise<boolean> {
  const operator = roleAccount("earn_operator").address;
  if ((await balanceOf(ctx, vault, operator)) > 0n) return false;
  await fund(ctx, asset, operator, amount);
  await approveOnce(ctx, asset.address, operator, vault);
  await callContract(ctx, {
    from: operator,
    address: vault,
    abi: erc4626Abi,
    functionName: "deposit",
    args: [amount, operator],
  });
  return true;
}
