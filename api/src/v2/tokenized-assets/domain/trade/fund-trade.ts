import { erc20ErrorsAbi, fundShareTokenAbi } from "@compass/constants";
import { encodeFunctionData, erc20Abi, formatUnits } from "viem";
import { rethrowRpc } from "../../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../../kernel/chain/next-block.ts";
import { DomainError } from "../../../../kernel/errors.ts";
import { parseDecimal } from "../../../../kernel/lib/format.ts";
import { buildAccountAction, readAccountState } from "../../../../product-accounts/index.ts";
import { POLL_ENDPOINT } from "../mmf.ts";
import { requireBalance, requireDeployed } from "./checks.ts";
import type { Trade, TradeResult } from "./context.ts";
import { requireWhitelisted } from "./whitelist.ts";

const NAV_SCALE = 10n ** 18n;

/**
 * A primary-market order with the fund issuer. A buy moves USDC from the product account to the
 * issuer's deposit address; a sell moves shares back to its redemption address. Nothing is minted or
 * paid in that transaction: the issuer settles at its next NAV cycle (`settlement: "async"`), and the
 * request shows in GET /redemptions until it does.
 */
export async function fundTrade(t: Trade): Promise<TradeResult> {
  if (t.fee)
    throw new DomainError(
      422,
      "Fee not supported",
      "fee: money-market-fund proceeds settle at the next NAV cycle, so no fee can be taken from them",
    );
  const buying = t.side === "buy";
  const input = buying ? t.usdc : t.asset;
  const [whitelist, fund, state, balance] = await Promise.all([
    t.ctx.services.issuer.account(t.account),
    t.ctx.services.issuer.fund(t.asset.symbol),
    readAccountState(t.client, t.account).catch((e) => rethrowRpc(t.chain, e)),
    t.client
      .readContract({
        blockTag: NEXT_BLOCK,
        address: input.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [t.account],
      })
      .catch((e) => rethrowRpc(t.chain, e)),
  ]);
  requireWhitelisted(whitelist, t.account);
  requireDeployed(state.deployed, t.account, t.chain);
  requireBalance(balance, t.amountIn, input);
  if (buying && fund.subscriptions_paused)
    throw new DomainError(
      422,
      "Subscriptions paused",
      `token_out: the issuer has paused subscriptions to ${t.asset.symbol}`,
    );

  const nav = parseDecimal(fund.nav.per_share, 18);
  const to = buying ? fund.deposit_address : fund.redemption_address;
  const call = {
    to: input.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, t.amountIn] }),
  };
  const envelope = await buildAccountAction({
    client: t.client,
    chain: t.chain,
    owner: t.owner,
    account: t.account,
    calls: [call],
    nonce: state.nonce,
    sponsored: t.sponsored,
    fields: t.fields,
    abis: [fundShareTokenAbi, erc20ErrorsAbi],
  });
  // Both sides have 6 decimals: shares = USDC / NAV, USDC = shares × NAV (estimates at the latest NAV).
  const estimate = buying ? (t.amountIn * NAV_SCALE) / nav : (t.amountIn * nav) / NAV_SCALE;
  return {
    ...envelope,
    estimated_amount_out: formatUnits(estimate, 6),
    fee_amount: null,
    settlement: "async",
    poll_endpoint: POLL_ENDPOINT,
    expected_settlement_at: new Date(fund.next_cycle.cutoff_at * 1000).toISOString(),
  };
}
