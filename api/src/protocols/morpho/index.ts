/**
 * Morpho Blue and its MetaMorpho vaults. Blue: the chain's singleton (address book), its markets (created by
 * CreateMarket; each read by id with interest accrued to the next block, the rate model's rate and the oracle's
 * price), a position in one, its events and a borrower's history, the share math (SharesMathLib, the LLTV bound,
 * health), APYs from the rate model and from the share prices its events show, and its position calls.
 * MetaMorpho: the vaults its factories created, their terms and where their assets are supplied (the vaults
 * themselves are ERC-4626: read and used through protocols/erc4626).
 */
export {
  type MetaMorphoMarket,
  type MetaMorphoState,
  readMetaMorphos,
} from "./allocation.ts";
export { blueCall } from "./calls.ts";
export {
  MORPHO_EVENTS,
  type MorphoBorrowerEvent,
  type MorphoLog,
  readBorrowerEvents,
  readCreatedMarkets,
  readOwnerLogs,
} from "./events.ts";
export {
  type MorphoMarket,
  type MorphoMarketState,
  type MorphoParams,
  morphoBorrowRate,
  readMarketState,
  readMorphoMarket,
} from "./market.ts";
export {
  liquidityOf,
  maxBorrow,
  morphoHealth,
  toAssetsDown,
  toAssetsUp,
  toSharesDown,
  WAD,
} from "./math.ts";
export {
  createdMetaMorphos,
  createMetaMorphoEvent,
  factoryVaults,
  metaMorphoFactories,
  readMetaMorphoTerms,
} from "./metamorpho.ts";
export { type MorphoPosition, readMorphoPosition } from "./positions.ts";
export { borrowApyOf, marketApys } from "./rates.ts";
export { readSharePrices, type SharePrice } from "./share-prices.ts";
export { morphoOn, requireMorpho } from "./singleton.ts";
