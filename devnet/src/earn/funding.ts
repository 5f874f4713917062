import { rwaTokenAbi } from "@compass/constants";
import { type Address, erc20Abi, maxUint256, parseAbi } from "viem";
import { roleAccount } from "../accounts.ts";
import { fiatTokenAbi } from "../contracts/abi.ts";
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
 * WETH wrapped from the account's own ether, the issued tokens minted by `earn_operator`.
 */
export async function fund(
  ctx: ExtensionContext,
  token: EarnToken,
  to: Address,
  amount: bigint,
): Promise<void> {
  if (token.symbol === "USDC") {
    await callContract(ctx, {
      from: roleAccount("usdc_admin").address,
      address: token.address,
      abi: fiatTokenAbi,
      functionName: "mint",
      args: [to, amount],
    });
  } else if (token.symbol === "WETH") {
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
