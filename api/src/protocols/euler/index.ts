/**
 * Euler's Vault Kit (EVK): the vaults Euler's factories create, each an ERC-4626 lending market. Its views' ABI,
 * a vault's EVK state (cash, borrows, supply cap), every factory vault read as a market with the collaterals it
 * accepts and their LTVs, and the math of its caps and rates.
 */
export { evkAbi, proxyCreatedEvent } from "./abi.ts";
export { type EulerMarket, readEulerMarkets } from "./markets.ts";
export { eulerApys, resolveAmountCap } from "./rates.ts";
export { eulerFactoryVaults, readEulers } from "./vaults.ts";
