import type { Address } from "viem";
import type { z } from "zod";
import { servesChain } from "../../../kernel/config/env.ts";
import { DomainError, fieldError } from "../../../kernel/errors.ts";
import { formatDecimal, parseDecimal } from "../../../kernel/lib/format.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import type { RedemptionsQuery } from "../schemas.ts";
import type { IssuerFund, IssuerOrder } from "./issuer-port.ts";
import { issuerRequests } from "./issuer-requests.ts";
import { marketChains } from "./markets.ts";
import type { TokenizedAssetsContext } from "./ports.ts";
import { assetsOn } from "./tokens.ts";
import { vaultRedemptions } from "./vaults.ts";

/**
 * GET /v2/tokenized_assets/redemptions: the owner's requests at every asynchronously settled fund or vault on
 * `chain` (or every market chain), or at the one `vault` names: the issuer's fund orders, the managed vaults'
 * redemption requests read on chain, the secondary issuer's requests. An unknown `vault` is a 422 naming those known.
 */
export async function ownerRedemptions(
  ctx: TokenizedAssetsContext,
  query: z.output<typeof RedemptionsQuery>,
) {
  if (query.chain && !servesChain(ctx.config, query.chain))
    throw fieldError(["query", "chain"], `Chain '${query.chain}' is not available in ${ctx.config.env}`);
  const chains = query.chain ? [query.chain] : marketChains(ctx);
  const asyncSettled = chains.flatMap((chain) =>
    assetsOn(ctx.config, chain)
      .filter(
        (t) => t.asset!.flow === "primary" || t.asset!.flow === "vault" || t.asset!.flow === "secondary",
      )
      .map((token) => ({ chain, token })),
  );
  const wanted = query.vault?.toLowerCase();
  const selected = wanted
    ? asyncSettled.filter(
        ({ token }) => token.symbol.toLowerCase() === wanted || token.address.toLowerCase() === wanted,
      )
    : asyncSettled;
  if (wanted && !selected.length) {
    const known = asyncSettled.map(({ token }) => token.symbol).join(", ") || "none on this deployment";
    throw new DomainError(
      422,
      "Unknown vault",
      `vault: no asynchronously settled fund or vault '${query.vault}' (known: ${known})`,
    );
  }
  const account = productAccountAddress(query.owner, "tokenized_assets");
  const lists = await Promise.all([
    fundRedemptions(
      ctx,
      query.owner,
      selected.filter(({ token }) => token.asset!.flow === "primary").map(({ token }) => token.symbol),
    ),
    ...selected
      .filter(({ token }) => token.asset!.flow === "vault")
      .map(({ chain, token }) =>
        vaultRedemptions(ctx.services.chains.logs, ctx.services.chains.get(chain), chain, token, account),
      ),
    ...selected
      .filter(({ token }) => token.asset!.flow === "secondary")
      .map(({ chain, token }) => issuerRequests(ctx, chain, token, account)),
  ]);
  return { redemptions: lists.flat() };
}

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
async function fundRedemptions(ctx: TokenizedAssetsContext, owner: Address, symbols: string[]) {
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
