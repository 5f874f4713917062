import { formatUnits } from "viem";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import { assetLedger, pnlOf } from "./activity.ts";
import { type Holdings, usdValue } from "./holdings.ts";

const usd = (raw: bigint) => formatDecimal(raw, 18, 6);

/**
 * GET /positions: non-zero holdings with value, activity and average-cost PnL from on-chain events, plus
 * (Ours) the fund orders still in flight — a subscription shows no shares until the NAV cycle mints them.
 */
export function positionsView(owner: string, h: Holdings) {
  const usdc = h.tokens.find((t) => !t.asset)!;
  const positions = [];
  let total = 0n;
  const pnls: NonNullable<ReturnType<typeof pnlOf>>[] = [];
  const sums = { deposited: 0n, value: 0n, unrealized: 0n, realized: 0n };
  for (const token of h.tokens) {
    const raw = h.balances.get(token.address) ?? 0n;
    if (!token.asset || raw === 0n) continue;
    const value = usdValue(h, token, raw);
    if (value !== null) total += value;
    const ledger = assetLedger(h, token, usdc);
    const pnl = pnlOf(ledger, value);
    if (pnl) {
      pnls.push(pnl);
      sums.deposited += ledger.deposited;
      sums.value += value!;
      sums.unrealized += value! - ledger.costBasis;
      sums.realized += ledger.realized;
    }
    const price = h.prices.get(token.address);
    positions.push({
      symbol: token.symbol,
      underlying_ticker: token.asset.underlying_ticker,
      name: token.asset.name,
      contract_address: token.address,
      decimals: token.decimals,
      balance: formatUnits(raw, token.decimals),
      current_price_usd: price === undefined ? null : formatDecimal(price, 18, 8),
      balance_usd: value === null ? null : formatDecimal(value, 18, 2),
      provider: token.asset.provider,
      asset_class: token.asset.asset_class,
      chain: h.chain,
      pnl,
      events: ledger.events,
    });
  }
  const totalPnl = sums.unrealized + sums.realized;
  return {
    owner,
    positions,
    total_usd: formatDecimal(total, 18, 2),
    pnl: pnls.length
      ? {
          total_deposited: usd(sums.deposited),
          current_value: usd(sums.value),
          unrealized_pnl: usd(sums.unrealized),
          realized_pnl: usd(sums.realized),
          total_pnl: usd(totalPnl),
          total_pnl_percent: sums.deposited
            ? formatDecimal((totalPnl * 100n * 10n ** 18n) / sums.deposited, 18, 4)
            : "0",
        }
      : null,
    pending_orders: h.orders
      .filter((o) => o.status === "pending")
      .map((o) => ({
        id: o.id,
        symbol: o.fund,
        kind: o.kind,
        usdc_amount: o.usdc_amount,
        shares: o.shares,
        requested_at: o.requested_at,
        expected_settlement_at: o.expected_settlement_at,
        transaction_hash: o.transaction_hash,
      })),
  };
}
