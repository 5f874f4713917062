import type { Address } from "viem";
import { formatDecimal, parseDecimal } from "../../../kernel/lib/format.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import type { IssuerFund, IssuerOrder } from "./issuer-port.ts";
import type { TokenizedAssetsContext } from "./ports.ts";

const STATUS = { pending: "pending", settled: "finalized", rejected: "rejected" } as const;

function redemption(order: IssuerOrder, fund: IssuerFund) {
  const nav = parseDecimal(fund.nav.per_share, 18);
  const pending = order.status === "pending";
  const usdc = order.usdc_amount === null ? null : parseDecimal(order.usdc_amount, 18);
  // A pending subscription has no shares yet: estimate them at the latest NAV.
  const shares = order.shares ?? (usdc !== null ? formatDecimal((usdc * 10n ** 18n) / nav, 18, 6) : "0");
  const expected =
    pending && order.kind === "redemption"
      ? formatDecimal((parseDecimal(shares, 18) * nav) / 10n ** 18n, 18, 6)
      : null;
  return {
    id: order.id,
    status: STATUS[order.status] ?? "unknown",
    shares,
    expected_net_assets: expected,
    requested_at: order.requested_at,
    processed_at: pending ? null : order.settled_at,
    kind: order.kind,
    vault: order.fund,
    usdc_amount: order.usdc_amount,
    nav_per_share: order.nav_per_share,
    expected_settlement_at: order.expected_settlement_at,
    transaction_hash: order.transaction_hash,
    settlement_transaction_hash: order.settlement_transaction_hash,
  };
}

/**
 * GET /redemptions for the money-market fund: every subscription and redemption the issuer has for the
 * owner's account, read live from the issuer (the API stores nothing), oldest first.
 */
export async function fundRedemptions(ctx: TokenizedAssetsContext, owner: Address, symbols: string[]) {
  const account = productAccountAddress(owner, "tokenized_assets");
  if (!symbols.length) return [];
  const [orders, funds] = await Promise.all([
    ctx.services.issuer.orders(account),
    Promise.all(symbols.map((s) => ctx.services.issuer.fund(s))),
  ]);
  return orders
    .filter((o) => symbols.includes(o.fund))
    .map((o) => redemption(o, funds[symbols.indexOf(o.fund)]!))
    .sort((a, b) => a.id - b.id);
}
