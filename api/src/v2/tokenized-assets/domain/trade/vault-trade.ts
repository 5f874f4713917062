import { erc20ErrorsAbi, ixsVaultAbi } from "@compass/constants";
import { encodeFunctionData, erc20Abi, formatUnits } from "viem";
import { rethrowRpc } from "../../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../../kernel/chain/next-block.ts";
import { DomainError } from "../../../../kernel/errors.ts";
import type { AccountCall } from "../../../../product-accounts/index.ts";
import { buildAccountAction, readAccountState } from "../../../../product-accounts/index.ts";
import { POLL_ENDPOINT } from "../mmf.ts";
import { requireBalance, requireDeployed } from "./checks.ts";
import type { Trade, TradeResult } from "./context.ts";

/**
 * A managed ERC-4626 vault (IXS). A buy is an instant deposit of USDC for shares at today's NAV (approve only
 * when the allowance is short); a sell files a redemption request: the shares go into the vault's escrow and
 * its manager pays USDC at the NAV of the day it finalises, less the exit fee (`settlement: "async"`; the
 * request shows in GET /redemptions until then). A partner fee cannot ride on proceeds paid later.
 */
export async function vaultTrade(t: Trade): Promise<TradeResult> {
  const buying = t.side === "buy";
  if (!buying && t.fee)
    throw new DomainError(
      422,
      "Fee not supported",
      "fee: a vault redemption is paid when its manager finalises it, so no fee can be taken from it in this transaction",
    );
  const vault = t.asset.address;
  const input = buying ? t.usdc : t.asset;
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    t.client.readContract({
      blockTag: NEXT_BLOCK,
      address: vault,
      abi: ixsVaultAbi,
      functionName,
      args,
    } as any) as Promise<T>;
  const [state, balance, allowance, paused, minDeposit, preview, exitFeeBps] = await Promise.all([
    readAccountState(t.client, t.account),
    t.client.readContract({
      blockTag: NEXT_BLOCK,
      address: input.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [t.account],
    }),
    buying
      ? t.client.readContract({
          blockTag: NEXT_BLOCK,
          address: t.usdc.address,
          abi: erc20Abi,
          functionName: "allowance",
          args: [t.account, vault],
        })
      : Promise.resolve(0n),
    read<boolean>("paused"),
    read<bigint>("minDeposit"),
    read<bigint>(buying ? "previewDeposit" : "convertToAssets", [t.amountIn]),
    read<number>("exitFeeBps"),
  ]).catch((error) => rethrowRpc(t.chain, error));

  requireDeployed(state.deployed, t.account, t.chain);
  requireBalance(balance, t.amountIn, input);
  if (paused)
    throw new DomainError(
      422,
      "Market paused",
      `${t.asset.symbol}: the vault's manager has paused ${buying ? "deposits" : "redemption requests"}`,
    );
  if (buying && t.amountIn < minDeposit)
    throw new DomainError(
      422,
      "Amount too small",
      `amount_in: the vault takes deposits of at least ${formatUnits(minDeposit, t.usdc.decimals)} USDC`,
    );
  if (preview === 0n)
    throw new DomainError(
      422,
      "Amount too small",
      `amount_in: too small for any ${buying ? "share" : "USDC"}`,
    );

  const calls: AccountCall[] = [];
  let estimate: bigint;
  if (buying) {
    if (allowance < t.amountIn)
      calls.push({
        to: t.usdc.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [vault, t.amountIn] }),
      });
    // ERC-4626's deposit takes no minimum: shares are priced at the NAV of the block it lands in, which moves
    // only by the NAV's accrual in the meantime.
    calls.push({
      to: vault,
      data: encodeFunctionData({ abi: ixsVaultAbi, functionName: "deposit", args: [t.amountIn, t.account] }),
    });
    estimate = preview;
  } else {
    calls.push({
      to: vault,
      data: encodeFunctionData({
        abi: ixsVaultAbi,
        functionName: "requestRedeem",
        args: [t.amountIn, t.account, t.account],
      }),
    });
    estimate = preview - (preview * BigInt(exitFeeBps)) / 10_000n;
  }
  const envelope = await buildAccountAction({
    client: t.client,
    chain: t.chain,
    owner: t.owner,
    account: t.account,
    calls,
    nonce: state.nonce,
    sponsored: t.sponsored,
    fields: t.fields,
    abis: [ixsVaultAbi, erc20ErrorsAbi],
  });
  const output = buying ? t.asset : t.usdc;
  return {
    ...envelope,
    estimated_amount_out: formatUnits(estimate, output.decimals),
    fee_amount: null,
    settlement: buying ? "instant" : "async",
    poll_endpoint: buying ? null : POLL_ENDPOINT,
    expected_settlement_at: null,
  };
}
