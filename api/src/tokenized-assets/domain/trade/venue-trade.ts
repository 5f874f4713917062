import { erc20ErrorsAbi, MULTICALL3, rwaExchangeAbi } from "@compass/constants";
import { encodeFunctionData, erc20Abi, formatUnits } from "viem";
import { rethrowRpc } from "../../../chain/clients.ts";
import { multicall3Abi } from "../../../chain/multicall.ts";
import { NEXT_BLOCK } from "../../../chain/next-block.ts";
import { DomainError } from "../../../errors.ts";
import type { AccountCall } from "../../../product-accounts/index.ts";
import { buildAccountAction, readAccountState } from "../../../product-accounts/index.ts";
import { tradingStatus } from "../status.ts";
import { venueAddress } from "../tokens.ts";
import { requireBalance, requireDeployed } from "./checks.ts";
import type { Trade, TradeResult } from "./context.ts";
import { feeAmount, minimumOut } from "./request.ts";

/**
 * An instant swap against the chain's venue, executed by the product account: approve the venue for the
 * input (only when the allowance is short) and trade with a minimum output derived from `slippage`; on a
 * sell, an optional partner fee is paid from the proceeds in the same transaction. Everything the checks
 * need is read in one batched eth_call.
 */
export async function venueTrade(t: Trade): Promise<TradeResult> {
  const venue = venueAddress(t.ctx.config, t.chain);
  if (!venue)
    throw new DomainError(422, "No venue", `token_out: no venue trades ${t.asset.symbol} on ${t.chain}`);
  const buying = t.side === "buy";
  const input = buying ? t.usdc : t.asset;
  const output = buying ? t.asset : t.usdc;
  const { client } = t;
  const [state, balance, allowance, market, quote, inventory, now] = await Promise.all([
    readAccountState(client, t.account),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: input.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [t.account],
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: input.address,
      abi: erc20Abi,
      functionName: "allowance",
      args: [t.account, venue],
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: venue,
      abi: rwaExchangeAbi,
      functionName: "markets",
      args: [t.asset.address],
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: venue,
      abi: rwaExchangeAbi,
      functionName: buying ? "quoteBuy" : "quoteSell",
      args: [t.asset.address, t.amountIn],
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: output.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [venue],
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: MULTICALL3,
      abi: multicall3Abi,
      functionName: "getCurrentBlockTimestamp",
    }),
  ]).catch((error) => rethrowRpc(t.chain, error));

  requireDeployed(state.deployed, t.account, t.chain);
  requireBalance(balance, t.amountIn, input);
  const [listed, paused] = market;
  if (!listed)
    throw new DomainError(
      422,
      "Market not listed",
      `token_out: ${t.asset.symbol} is not listed on ${t.chain}`,
    );
  const status = tradingStatus(t.asset.asset!.hours, paused, Number(now));
  if (!status.is_open) {
    const when = status.next_open ? ` (opens ${status.next_open})` : "";
    throw new DomainError(
      422,
      status.state === "PAUSED" ? "Market paused" : "Market closed",
      `${t.asset.symbol}: ${status.reason}${when}`,
    );
  }
  if (quote === 0n)
    throw new DomainError(422, "Amount too small", `amount_in: too small to buy any ${output.symbol}`);
  if (quote > inventory) {
    throw new DomainError(
      422,
      "Insufficient liquidity",
      `amount_in: the venue can fill at most ${formatUnits(inventory, output.decimals)} ${output.symbol} now; trade a smaller amount`,
    );
  }
  const minOut = minimumOut(quote, t.slippage);
  const fee = !buying && t.fee ? feeAmount(t.fee, quote) : 0n;
  if (fee > minOut)
    throw new DomainError(422, "Fee too large", "fee.amount: exceeds the minimum proceeds of the sale");

  const calls: AccountCall[] = [];
  if (allowance < t.amountIn)
    calls.push({
      to: input.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [venue, t.amountIn] }),
    });
  calls.push({
    to: venue,
    data: encodeFunctionData({
      abi: rwaExchangeAbi,
      functionName: buying ? "buy" : "sell",
      args: [t.asset.address, t.amountIn, minOut, t.account],
    }),
  });
  if (fee > 0n)
    calls.push({
      to: t.usdc.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [t.fee!.recipient, fee] }),
    });
  const envelope = await buildAccountAction({
    client,
    chain: t.chain,
    owner: t.owner,
    account: t.account,
    calls,
    nonce: state.nonce,
    sponsored: t.sponsored,
    fields: t.fields,
    abis: [rwaExchangeAbi, erc20ErrorsAbi],
  });
  return {
    ...envelope,
    estimated_amount_out: formatUnits(quote - fee, output.decimals),
    fee_amount: buying ? null : formatUnits(fee, 6),
    settlement: "instant",
    poll_endpoint: null,
    expected_settlement_at: null,
  };
}
