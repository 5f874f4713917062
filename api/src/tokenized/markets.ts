import type { Context } from "../context.ts";
import { CHAINS, type ChainName } from "../schemas/common.ts";
import { fundMarketItem, type MarketItem, venueMarketItem } from "./market-item.ts";
import { assetsOn, type KnownToken, venueAddress } from "./tokens.ts";
import { readVenue, type VenueSnapshot } from "./venue.ts";

/** Chains with listed assets in this deployment (production never includes staging-only chains). */
export function marketChains(ctx: Context): ChainName[] {
  return CHAINS.filter((chain) => assetsOn(ctx.config, chain).length > 0);
}

/** The venue's view of the secondary-market assets on `chain` (one eth_call). */
export async function venueSnapshot(
  ctx: Context,
  chain: ChainName,
  include: (token: KnownToken) => boolean = () => true,
): Promise<VenueSnapshot | undefined> {
  const tokens = assetsOn(ctx.config, chain).filter((t) => t.asset!.flow === "secondary" && include(t));
  const venue = venueAddress(ctx.config, chain);
  if (!tokens.length || !venue) return undefined;
  return readVenue(ctx.services.chains.get(chain), chain, venue, tokens);
}

/** Every listed asset on `chain`, priced now: venue assets from chain, the fund from its issuer. */
export async function marketsOn(
  ctx: Context,
  chain: ChainName,
  include: (token: KnownToken) => boolean = () => true,
): Promise<MarketItem[]> {
  const tokens = assetsOn(ctx.config, chain).filter(include);
  if (!tokens.length) return [];
  const funds = tokens.filter((t) => t.asset!.flow === "primary");
  const [snapshot, fundItems] = await Promise.all([
    venueSnapshot(ctx, chain, include),
    Promise.all(
      funds.map(async (token) => {
        const [fund, history] = await Promise.all([
          ctx.services.issuer.fund(token.symbol),
          ctx.services.issuer.navHistory(token.symbol, 40),
        ]);
        return fundMarketItem(chain, token, fund, history);
      }),
    ),
  ]);
  const venueItems = snapshot?.markets.map((m) => venueMarketItem(chain, m, snapshot.now)) ?? [];
  const order = tokens.map((t) => t.symbol);
  return [...venueItems, ...fundItems].sort((a, b) => order.indexOf(a.symbol) - order.indexOf(b.symbol));
}
