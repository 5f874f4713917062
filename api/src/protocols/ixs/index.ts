/**
 * IXS's managed vault (handle `ixv1`, bsc): an ERC-4626 vault whose deposits are instant at today's NAV and whose
 * redemptions are requests its manager finalises (paying the NAV of that day less the exit fee) or rejects. This
 * folder holds the vault's price, NAV model and supply, the state a trade is checked against, the deposit and
 * redemption-request calls, the exit fee, and the requests read back with their events.
 */
export { IXS_VAULT_ABIS, ixsDepositCall, ixsRequestRedeemCall } from "./calls.ts";
export { type IxsMarket, type IxsNavModel, readIxsMarket } from "./market.ts";
export { type IxsRedemption, readIxsRedemptions } from "./requests.ts";
export { type IxsVaultState, netOfExitFee, readIxsVault } from "./vault.ts";
