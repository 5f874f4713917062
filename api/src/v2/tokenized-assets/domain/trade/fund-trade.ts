import { fundShareTokenAbi } from "@compass/constants";
import { encodeFunctionData, erc20Abi, formatUnits } from "viem";
import { DomainError } from "../../../../kernel/errors.ts";
import { parseDecimal } from "../../../../kernel/lib/format.ts";
import type { Trade, TradeResult } from "./context.ts";
import { issuerTrade, later } from "./issuer-trade.ts";
import { requireWhitelisted } from "./whitelist.ts";

const NAV_SCALE = 10n ** 18n;

/**
 * A primary-market order with the fund issuer. A buy moves USDC from the product account to the
 * issuer's deposit address; a sell moves shares back to its redemption address. Nothing is minted or
 * paid in that transaction: the issuer settles at its next NAV cycle (`settlement: "async"`), and the
 * request shows in GET /redemptions until it does.
 */
export async function fundTrade(t: Trade): Promise<TradeResult> {
  const buying = t.side === "buy";
  const input = buying ? t.usdc : t.asset;
  return issuerTrade(t, {
    noFee: "money-market-fund proceeds settle at the next NAV cycle, so no fee can be taken from them",
    read: () =>
      Promise.all([t.ctx.services.issuer.account(t.account), t.ctx.services.issuer.fund(t.asset.symbol)]),
    admit: ([whitelist]) => requireWhitelisted(whitelist, t.account),
    plan: ([, fund]) => {
      if (buying && fund.subscriptions_paused)
        throw new DomainError(
          422,
          "Subscriptions paused",
          `token_out: the issuer has paused subscriptions to ${t.asset.symbol}`,
        );
      const nav = parseDecimal(fund.nav.per_share, 18);
      const to = buying ? fund.deposit_address : fund.redemption_address;
      // Both sides have 6 decimals: shares = USDC / NAV, USDC = shares × NAV (estimates at the latest NAV).
      const estimate = buying ? (t.amountIn * NAV_SCALE) / nav : (t.amountIn * nav) / NAV_SCALE;
      return {
        calls: [
          {
            to: input.address,
            data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, t.amountIn] }),
          },
        ],
        settlement: later(formatUnits(estimate, 6), new Date(fund.next_cycle.cutoff_at * 1000).toISOString()),
      };
    },
    abis: [fundShareTokenAbi],
  });
}
