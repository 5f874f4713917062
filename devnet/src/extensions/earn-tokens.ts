import { rwaTokenAbi } from "@compass/constants";
import { erc20Abi } from "viem";
import { DEV_ACCOUNT_COUNT, devnetAccounts, roleAccount } from "../accounts.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { npmArtifact } from "../earn/npm-artifacts.ts";
import {
  EARN_CHAINS,
  type EarnChain,
  earnTokens,
  ISSUED_TOKENS,
  issuedToken,
  units,
  weth9Storage,
} from "../earn/tokens.ts";
import type { ChainExtension } from "./types.ts";

/**
 * The earn protocols' tokens besides USDC: canonical WETH9 (the `canonical-weth` package's build) at each
 * chain's real WETH address (WBNB's on BNB Smart Chain), and issued ERC-20s for USDT and a wstETH-like token (minted by
 * `earn_operator`; dev accounts 0–9 get a grant of each).
 */
export const earnTokensExtension: ChainExtension = {
  name: "earn tokens",
  chains: EARN_CHAINS,
  async ensure(ctx) {
    const chain = ctx.spec.name as EarnChain;
    const wrapped = earnTokens(chain).WETH;
    const weth = wrapped.address;
    const code = npmArtifact("WETH9").deployedBytecode;
    if ((await ctx.clients.public.getCode({ address: weth }))?.toLowerCase() !== code.toLowerCase()) {
      await ctx.clients.test.setCode({ address: weth, bytecode: code });
      for (const [index, value] of weth9Storage(wrapped))
        await ctx.clients.test.setStorageAt({ address: weth, index, value });
    }
    const operator = roleAccount("earn_operator").address;
    for (const token of ISSUED_TOKENS) {
      const address = await ensureDeployed(ctx, issuedToken(token.symbol));
      const grant = units(earnTokens(chain)[token.symbol], token.devGrant);
      for (const account of devnetAccounts().filter((a) => a.index < DEV_ACCOUNT_COUNT)) {
        const balance = await ctx.clients.public.readContract({
          address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [account.address],
        });
        if (balance > 0n) continue;
        await callContract(ctx, {
          from: operator,
          address,
          abi: rwaTokenAbi,
          functionName: "mint",
          args: [account.address, grant],
        });
      }
    }
  },
  tokens: (chain) =>
    Object.fromEntries(
      Object.values(earnTokens(chain as EarnChain))
        .filter((t) => t.key !== "USDC")
        .map((t) => [t.symbol, { address: t.address, decimals: t.decimals, name: t.name, symbol: t.symbol }]),
    ),
};
