/**
 * The venue's metadata has no asset class, so ours comes from this table (the `xyz` dex lists equities,
 * equity indices, commodities and currencies). Equity indices count as `stock`: the wire enum has no
 * index class and they trade and margin like the equities they track. An unlisted ticker is most likely
 * a newly listed equity — the dex lists those most often.
 */
export type Category = "stock" | "commodity" | "forex";

const COMMODITIES = new Set([
  "GOLD",
  "SILVER",
  "CL",
  "BRENTOIL",
  "NATGAS",
  "COPPER",
  "PLATINUM",
  "PALLADIUM",
  "URANIUM",
  "ALUMINIUM",
  "WHEAT",
  "CORN",
  "SOYBEANS",
  "COFFEE",
  "COCOA",
  "SUGAR",
]);

const CURRENCIES = new Set([
  "EUR",
  "GBP",
  "JPY",
  "CHF",
  "AUD",
  "CAD",
  "NZD",
  "CNH",
  "MXN",
  "KRW",
  "INR",
  "DXY",
]);

export function categoryOf(ticker: string): Category {
  if (COMMODITIES.has(ticker)) return "commodity";
  if (CURRENCIES.has(ticker)) return "forex";
  return "stock";
}
