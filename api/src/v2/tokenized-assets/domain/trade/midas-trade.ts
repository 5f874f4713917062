import { formatUnits } from "viem";
import { DomainError } from "../../../../kernel/errors.ts";
import {
  depositInstantCall,
  fromBase18,
  MIDAS_VAULT_ABIS,
  midasContracts,
  readDepositVault,
  readRedemptionVault,
  redeemInstantCall,
  redeemRequestCall,
  toBase18,
} from "../../../../protocols/midas/index.ts";
import type { Trade, TradeResult } from "./context.ts";
import { instant, issuerTrade, later, partnerFee } from "./issuer-trade.ts";
import { minimumOut } from "./request.ts";

/**
 * A Midas mToken through Midas's own vaults, executed by the product account. Buy: `depositInstant` on the
 * DepositVault (USDC in, mTokens at the feed's rate less the instant fee, a minimum from `slippage`). Sell: an
 * instant `redeemInstant` on the RedemptionVault when the vault's daily instant limit and USDC liquidity cover it
 * (instant, a partner fee may come from the proceeds in the same transaction); otherwise a `redeemRequest` the
 * issuer approves later (`settlement: "async"`, listed in GET /redemptions). Midas counts amounts in base 18.
 */
export async function midasTrade(t: Trade): Promise<TradeResult> {
  const c = midasContracts(t.ctx.config, t.chain, t.asset.symbol);
  const buying = t.side === "buy";
  const vault = buying ? c.depositVault : c.redemptionVault;
  if (!vault)
    throw new DomainError(
      422,
      "No venue",
      `token_out: no Midas vault issues ${t.asset.symbol} on ${t.chain}`,
    );
  const amount18 = toBase18(t.amountIn, (buying ? t.usdc : t.asset).decimals);
  const paused = (which: string) =>
    new DomainError(422, "Market paused", `${t.asset.symbol}: Midas has paused ${which} on ${t.chain}`);
  const flow = { spender: vault, abis: MIDAS_VAULT_ABIS };

  if (buying)
    return issuerTrade(t, {
      ...flow,
      read: () => readDepositVault(t.client, vault, t.usdc.address, amount18),
      plan: ({ out18, instantPaused, minAmount, room }) => {
        if (instantPaused) throw paused("instant deposits");
        if (out18 < minAmount)
          throw new DomainError(
            422,
            "Amount too small",
            `amount_in: Midas issues at least ${formatUnits(minAmount, 18)} ${t.asset.symbol} per deposit; this buys ${formatUnits(out18, 18)}`,
          );
        if (out18 > room)
          throw new DomainError(
            422,
            "Over the instant limit",
            `amount_in: Midas's instant deposits of ${t.asset.symbol} have ${formatUnits(room, 18)} left today; buy less or tomorrow`,
          );
        return {
          calls: [depositInstantCall(vault, t.usdc.address, amount18, minimumOut(out18, t.slippage))],
          settlement: instant(formatUnits(out18, 18)),
        };
      },
    });

  return issuerTrade(t, {
    ...flow,
    read: () => readRedemptionVault(t.client, vault, t.usdc.address, amount18),
    plan: ({ out18, instantPaused, requestPaused, minAmount, room, liquidity }) => {
      if (amount18 < minAmount)
        throw new DomainError(
          422,
          "Amount too small",
          `amount_in: Midas redeems at least ${formatUnits(minAmount, 18)} ${t.asset.symbol}`,
        );
      const usdcOut = fromBase18(out18, t.usdc.decimals);
      if (!instantPaused && amount18 <= room && out18 <= liquidity) {
        const minOut18 = minimumOut(out18, t.slippage);
        const fee = partnerFee(t, usdcOut, fromBase18(minOut18, t.usdc.decimals));
        return {
          calls: [redeemInstantCall(vault, t.usdc.address, amount18, minOut18), ...fee.calls],
          settlement: instant(
            formatUnits(usdcOut - fee.amount, t.usdc.decimals),
            formatUnits(fee.amount, t.usdc.decimals),
          ),
        };
      }
      // the instant path is closed (paused, today's limit or the vault's USDC): a request Midas approves later
      if (requestPaused) throw paused("redemptions");
      if (t.fee)
        throw new DomainError(
          422,
          "Fee not supported",
          `fee: this sale is a Midas redemption request (the instant limit or liquidity does not cover it), paid when Midas approves it, so no fee can be taken in this transaction`,
        );
      return {
        calls: [redeemRequestCall(vault, t.usdc.address, amount18)],
        // the request carries Midas's standard fee (no instant fee); the rate is the one of approval day
        settlement: later(formatUnits(usdcOut, t.usdc.decimals)),
      };
    },
  });
}
