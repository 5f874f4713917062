import { formatUnits } from "viem";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import { type Holdings, usdValue } from "./holdings.ts";

const iso = (t: number) => new Date(t * 1000).toISOString();

/** TokenBalance (spec product-accounts §2). */
export interface TokenBalanceView {
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  balance: string;
  balance_formatted: string;
  usd_value: string | null;
  transfers: {
    from_address: string;
    to_address: string;
    amount: string;
    amount_formatted: string;
    block_number: number;
    block_timestamp: string;
    transaction_hash: string;
    direction: "in" | "out";
  }[];
}

/** GET /balances: USDC and every listed asset the account holds or ever held, with full transfer history. */
export function balancesView(h: Holdings) {
  const balances: Record<string, TokenBalanceView> = {};
  let total = 0n;
  const symbols = h.tokens.map((t) => t.symbol);
  for (const token of h.tokens) {
    const raw = h.balances.get(token.address) ?? 0n;
    const transfers = h.logs.filter((l) => l.address.toLowerCase() === token.address.toLowerCase());
    if (token.asset && raw === 0n && transfers.length === 0) continue;
    const usd = usdValue(h, token, raw);
    if (usd !== null) total += usd;
    const clash = symbols.filter((s) => s === token.symbol).length > 1;
    balances[clash ? `${token.symbol} (${token.address})` : token.symbol] = {
      token_address: token.address,
      token_symbol: token.symbol,
      token_decimals: token.decimals,
      balance: raw.toString(),
      balance_formatted: formatUnits(raw, token.decimals),
      usd_value: usd === null ? null : formatDecimal(usd, 18, 2),
      transfers: transfers.map((l) => ({
        from_address: l.args.from,
        to_address: l.args.to,
        amount: l.args.value.toString(),
        amount_formatted: formatUnits(l.args.value, token.decimals),
        block_number: Number(l.blockNumber),
        block_timestamp: iso(h.times.get(l.blockNumber!)!),
        transaction_hash: l.transactionHash,
        direction: (l.args.to.toLowerCase() === h.account.toLowerCase() ? "in" : "out") as "in" | "out",
      })),
    };
  }
  return {
    tokenized_assets_account_address: h.account,
    balances,
    total_usd_value: formatDecimal(total, 18, 2),
  };
}
