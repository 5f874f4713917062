import type { AssetInfo } from "@compass/constants";

export interface MarketFilters {
  category?: string | null;
  search?: string | null;
  provider?: string | null;
  asset_class?: string | null;
}

/** The list filters of GET /markets: sector (category), substring search, provider, asset class. */
export function matchesFilters(m: AssetInfo, f: MarketFilters): boolean {
  if (f.provider && m.provider !== f.provider) return false;
  if (f.asset_class && m.asset_class !== f.asset_class) return false;
  if (f.category) {
    const category = f.category.toLowerCase();
    if (!m.sectors.some((s) => s.toLowerCase() === category)) return false;
  }
  if (f.search) {
    const needle = f.search.toLowerCase();
    const hay = [m.symbol, m.underlying_ticker, m.name].map((s) => s.toLowerCase());
    if (!hay.some((s) => s.includes(needle))) return false;
  }
  return true;
}
