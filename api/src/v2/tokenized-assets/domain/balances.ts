import { formatDecimal } from "../../../kernel/lib/format.ts";
import { type TokenBalanceView, tokenBalanceKey, tokenBalanceView } from "../../../product-accounts/index.ts";
import { type Holdings, usdValue } from "./holdings.ts";

/** GET /balances: USDC and every listed asset the account holds or ever held, with full transfer history. */
export function balancesView(h: Holdings) {
  const balances: Record<string, TokenBalanceView> = {};
  let total = 0n;
  const symbols = h.tokens.map((t) => t.symbol);
  for (const token of h.tokens) {
    const raw = h.balances.get(token.address) ?? 0n;
    if (
      token.asset &&
      raw === 0n &&
      !h.logs.some((l) => l.address.toLowerCase() === token.address.toLowerCase())
    )
      continue;
    const usd = usdValue(h, token, raw);
    if (usd !== null) total += usd;
    const clash = symbols.filter((s) => s === token.symbol).length > 1;
    balances[tokenBalanceKey(token, clash)] = tokenBalanceView(h.account, token, raw, usd, h.logs, h.times);
  }
  return {
    tokenized_assets_account_address: h.account,
    balances,
    total_usd_value: formatDecimal(total, 18, 2),
  };
}
