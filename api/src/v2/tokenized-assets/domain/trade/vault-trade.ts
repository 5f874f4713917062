import { formatUnits } from "viem";
import { DomainError } from "../../../../kernel/errors.ts";
import {
  IXS_VAULT_ABIS,
  ixsDepositCall,
  ixsRequestRedeemCall,
  netOfExitFee,
  readIxsVault,
} from "../../../../protocols/ixs/index.ts";
import type { Trade, TradeResult } from "./context.ts";
import { instant, issuerTrade, later } from "./issuer-trade.ts";

/**
 * A managed ERC-4626 vault (IXS). A buy is an instant deposit of USDC for shares at today's NAV (approve only
 * when the allowance is short); a sell files a redemption request: the shares go into the vault's escrow and
 * its manager pays USDC at the NAV of the day it finalises, less the exit fee (`settlement: "async"`; the
 * request shows in GET /redemptions until then). A partner fee cannot ride on proceeds paid later.
 */
export async function vaultTrade(t: Trade): Promise<TradeResult> {
  const buying = t.side === "buy";
  const vault = t.asset.address;
  return issuerTrade(t, {
    spender: buying ? vault : undefined,
    noFee:
      "a vault redemption is paid when its manager finalises it, so no fee can be taken from it in this transaction",
    read: () => readIxsVault(t.client, vault, buying ? "deposit" : "redeem", t.amountIn),
    plan: ({ paused, minDeposit, preview, exitFeeBps }) => {
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
      // ERC-4626's deposit takes no minimum: shares are priced at the NAV of the block it lands in, which moves
      // only by the NAV's accrual in the meantime.
      if (buying)
        return {
          calls: [ixsDepositCall(vault, t.amountIn, t.account)],
          settlement: instant(formatUnits(preview, t.asset.decimals)),
        };
      return {
        calls: [ixsRequestRedeemCall(vault, t.amountIn, t.account, t.account)],
        settlement: later(formatUnits(netOfExitFee(preview, exitFeeBps), t.usdc.decimals)),
      };
    },
    abis: IXS_VAULT_ABIS,
  });
}
