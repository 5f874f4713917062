import { UpstreamError } from "../../../kernel/errors.ts";
import { CHAINS, type ChainName } from "../../../kernel/schemas/common.ts";
import { equityMarketItems } from "./equity/markets.ts";
import { readIssuerMarkets } from "./issuer-markets.ts";
import { fundMarketItem, type MarketItem, venueMarketItem } from "./market-item.ts";
import type { TokenizedAssetsContext } from "./ports.ts";
import { assetsOn, type KnownToken } from "./tokens.ts";
import { readVaults } from "./vaults.ts";
import type { VenueSnapshot } from "./venue.ts";

/** Chains with listed assets in this deployment (production never includes staging-only chains). */
export function marketChains(ctx: TokenizedAssetsContext): ChainName[] {
  return CHAINS.filter((chain) => assetsOn(ctx.config, chain).length > 0);
}

/** Assets priced on chain: issuer-traded tokens (Midas, Centrifuge) and managed vaults. */
export const onChainPriced = (t: KnownToken) => t.asset!.flow === "secondary" || t.asset!.flow === "vault";

/**
 * The chain's view of the assets priced on chain on `chain`: the issuers' rates (Midas feeds, Centrifuge vaults)
 * and the managed vaults' NAVs (one batched eth_call).
 */
export async function venueSnapshot(
  ctx: TokenizedAssetsContext,
  chain: ChainName,
  include: (token: KnownToken) => boolean = () => true,
): Promise<VenueSnapshot | undefined> {
  const listed = assetsOn(ctx.config, chain).filter(include);
  const tokens = listed.filter((t) => t.asset!.flow === "secondary");
  const vaults = listed.filter((t) => t.asset!.flow === "vault");
  const client = ctx.services.chains.get(chain);
  const [market, managed] = await Promise.all([
    tokens.length ? readIssuerMarkets(ctx.config, client, chain, tokens) : undefined,
    vaults.length ? readVaults(client, chain, vaults) : undefined,
  ]);
  if (!market && !managed) return undefined;
  return {
    now: market?.now ?? managed!.now,
    markets: [...(market?.markets ?? []), ...(managed?.markets ?? [])],
  };
}

/** Every listed asset on `chain`, priced now: venue assets and vaults from chain, the fund from its issuer. */
export async function marketsOn(
  ctx: TokenizedAssetsContext,
  chain: ChainName,
  include: (token: KnownToken) => boolean = () => true,
): Promise<MarketItem[]> {
  const tokens = assetsOn(ctx.config, chain).filter(include);
  if (!tokens.length) return [];
  const funds = tokens.filter((t) => t.asset!.flow === "primary");
  const [snapshot, fundItems] = await Promise.all([
    venueSnapshot(ctx, chain, include),
    Promise.all(funds.map((token) => fundItem(ctx, chain, token))),
  ]);
  const venueItems = snapshot?.markets.map((m) => venueMarketItem(chain, m, snapshot.now)) ?? [];
  const order = tokens.map((t) => t.symbol);
  return [...venueItems, ...fundItems].sort((a, b) => order.indexOf(a.symbol) - order.indexOf(b.symbol));
}

async function fundItem(
  ctx: TokenizedAssetsContext,
  chain: ChainName,
  token: KnownToken,
): Promise<MarketItem> {
  const [fund, history] = await Promise.all([
    ctx.services.issuer.fund(token.symbol),
    ctx.services.issuer.navHistory(token.symbol, 40),
  ]);
  return fundMarketItem(chain, token, fund, history);
}

/**
 * Markets of several chains. A chain (or the fund issuer) that cannot be reached is left out of the list
 * rather than failing it — the rest is still worth showing — unless nothing at all could be listed.
 */
export async function marketsAcross(
  ctx: TokenizedAssetsContext,
  chains: ChainName[],
  include: (token: KnownToken) => boolean,
): Promise<MarketItem[]> {
  const settled = await Promise.allSettled(
    chains.flatMap((chain) => {
      const tokens = assetsOn(ctx.config, chain).filter(include);
      const venue = tokens.some(onChainPriced)
        ? [marketsOn(ctx, chain, (t) => onChainPriced(t) && include(t))]
        : [];
      const funds = tokens
        .filter((t) => t.asset!.flow === "primary")
        .map((t) => fundItem(ctx, chain, t).then((m) => [m]));
      // equities are priced by their order relay: a relay that is down leaves only them out
      const equities = tokens.filter((t) => t.asset!.flow === "intent");
      const relay = equities.length ? [equityMarketItems(ctx, chain, equities)] : [];
      return [...venue, ...funds, ...relay];
    }),
  );
  const failures = settled
    .filter((r): r is PromiseRejectedResult => r.status === "rejected")
    .map((r) => r.reason);
  const hard = failures.find((e) => !(e instanceof UpstreamError));
  if (hard) throw hard;
  const items = settled.flatMap((r) => (r.status === "fulfilled" ? r.value : []));
  if (failures.length && !items.length) throw failures[0];
  for (const error of failures)
    ctx.log.warn({ err: (error as Error).message }, "markets listed without an unreachable source");
  const order = new Map(
    chains.flatMap((c) => assetsOn(ctx.config, c).map((t, i) => [`${c}:${t.symbol}`, i] as const)),
  );
  return items.sort(
    (a, b) =>
      chains.indexOf(a.chain) - chains.indexOf(b.chain) ||
      order.get(`${a.chain}:${a.symbol}`)! - order.get(`${b.chain}:${b.symbol}`)!,
  );
}
