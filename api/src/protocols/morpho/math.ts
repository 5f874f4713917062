/**
 * Morpho Blue's own arithmetic: SharesMathLib's virtual shares and assets (how shares convert to assets, rounded
 * as Morpho rounds them), MathLib's Taylor compounding of interest, and the borrowing bound a position's
 * collateral gives at the oracle's price and the market's LLTV.
 */

export const WAD = 10n ** 18n;
/** the scale of a Morpho oracle's price: loan-token units per collateral unit × 1e36 */
export const ORACLE_PRICE_SCALE = 10n ** 36n;
export const VIRTUAL_SHARES = 10n ** 6n;
export const VIRTUAL_ASSETS = 1n;

/** Morpho's Taylor approximation of e^(x) − 1 to the third term (MathLib.wTaylorCompounded). */
export const wTaylorCompounded = (x: bigint, n: bigint) => {
  const first = x * n;
  const second = (first * first) / (2n * WAD);
  const third = (second * first) / (3n * WAD);
  return first + second + third;
};

/** Shares to assets, rounded up (what a debt of `shares` owes). */
export const toAssetsUp = (shares: bigint, totalAssets: bigint, totalShares: bigint) =>
  (shares * (totalAssets + VIRTUAL_ASSETS) + (totalShares + VIRTUAL_SHARES) - 1n) /
  (totalShares + VIRTUAL_SHARES);

/** Shares to assets, rounded down (what a supply of `shares` is worth). */
export const toAssetsDown = (shares: bigint, totalAssets: bigint, totalShares: bigint) =>
  (shares * (totalAssets + VIRTUAL_ASSETS)) / (totalShares + VIRTUAL_SHARES);

/** Assets to shares, rounded down (the shares `assets` buys). */
export const toSharesDown = (assets: bigint, totalAssets: bigint, totalShares: bigint) =>
  (assets * (totalShares + VIRTUAL_SHARES)) / (totalAssets + VIRTUAL_ASSETS);

/** What a market lends now: its supply less its borrows, never below 0. */
export const liquidityOf = (m: { totalSupplyAssets: bigint; totalBorrowAssets: bigint }) =>
  m.totalSupplyAssets > m.totalBorrowAssets ? m.totalSupplyAssets - m.totalBorrowAssets : 0n;

/** What `collateral` lets a position borrow: collateral × price × LLTV (Morpho's own bound). */
export const maxBorrow = (m: { price: bigint; params: { lltv: bigint } }, collateral: bigint) =>
  (((collateral * m.price) / ORACLE_PRICE_SCALE) * m.params.lltv) / WAD;

/** Health factor (1e18 = 1) of a position: its borrowing bound over its debt; null without debt. */
export const morphoHealth = (
  m: { price: bigint; params: { lltv: bigint } },
  collateral: bigint,
  borrowed: bigint,
) => (borrowed === 0n ? null : (maxBorrow(m, collateral) * WAD) / borrowed);
