import { formatUnits } from "viem";
import { DomainError } from "../../../../kernel/errors.ts";
import {
  CENTRIFUGE_VAULT_ABIS,
  centrifugeVault,
  readCentrifugeVault,
  requestDepositCall,
  requestRedeemCall,
  setOperatorCall,
} from "../../../../protocols/centrifuge/index.ts";
import type { Trade, TradeResult } from "./context.ts";
import { issuerTrade, later } from "./issuer-trade.ts";

/**
 * A deRWA token through its Centrifuge ERC-7540 vault, executed by the product account. A buy is
 * `requestDeposit(assets, account, account)`; a sell `requestRedeem(shares, account, account)`. Both settle when
 * the issuer fulfils them at the NAV of that moment (`settlement: "async"`, listed in GET /redemptions). So that
 * the shares (or USDC) then reach the account without a second transaction from the owner, the same transaction
 * makes the vault's manager the account's ERC-7540 operator (once), which claims them into the account as
 * Centrifuge's keepers do; the operator can only claim to the controller's own account's benefit.
 */
export async function centrifugeTrade(t: Trade): Promise<TradeResult> {
  const vault = centrifugeVault(t.ctx.config, t.chain, t.asset.symbol);
  if (!vault)
    throw new DomainError(
      422,
      "No venue",
      `token_out: no Centrifuge vault issues ${t.asset.symbol} on ${t.chain}`,
    );
  const buying = t.side === "buy";
  return issuerTrade(t, {
    spender: vault,
    noFee:
      "a Centrifuge redemption is paid when the issuer fulfils it, so no fee can be taken in this transaction",
    read: () => readCentrifugeVault(t.client, vault, t.account, buying ? "deposit" : "redeem", t.amountIn),
    plan: ({ manager, paused, minDeposit, estimate, operator }) => {
      if (paused)
        throw new DomainError(
          422,
          "Market paused",
          `${t.asset.symbol}: the issuer has paused its Centrifuge vault on ${t.chain}`,
        );
      if (buying && t.amountIn < minDeposit)
        throw new DomainError(
          422,
          "Amount too small",
          `amount_in: the vault takes deposit requests of at least ${formatUnits(minDeposit, t.usdc.decimals)} USDC`,
        );
      if (estimate === 0n)
        throw new DomainError(422, "Amount too small", "amount_in: too small for any output");
      const request = buying ? requestDepositCall : requestRedeemCall;
      return {
        calls: [
          ...(operator ? [] : [setOperatorCall(vault, manager)]),
          request(vault, t.amountIn, t.account, t.account),
        ],
        settlement: later(formatUnits(estimate, (buying ? t.asset : t.usdc).decimals)),
      };
    },
    abis: CENTRIFUGE_VAULT_ABIS,
  });
}
