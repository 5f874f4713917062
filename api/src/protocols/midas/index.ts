/**
 * Midas: mTokens issued and redeemed by Midas's own vaults at the rate of the mToken's data feed. This folder holds
 * the contracts' addresses, the feed's rate and NAV model, the vaults' instant paths (previews, pauses, minimums,
 * daily limits, liquidity), the calls that deposit and redeem, and the redemption requests' reads. Midas counts
 * amounts in base 18.
 */
export { fromBase18, requestProceeds, toBase18 } from "./amounts.ts";
export {
  depositInstantCall,
  MIDAS_VAULT_ABIS,
  redeemInstantCall,
  redeemRequestCall,
} from "./calls.ts";
export { type MidasContracts, midasContracts } from "./contracts.ts";
export { type MidasMarket, type MidasNavModel, readMidasMarket } from "./market.ts";
export { type MidasRedemptionRequest, readMidasRedemptions } from "./requests.ts";
export {
  type RedemptionVaultState,
  readDepositVault,
  readRedemptionVault,
  type VaultState,
} from "./vaults.ts";
