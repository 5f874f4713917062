/**
 * Centrifuge: deRWA tokens issued by ERC-7540 asynchronous vaults. Deposits and redemptions are requests the
 * issuer fulfils at the NAV of that moment; a controller's ERC-7540 operator may claim them for it. This folder
 * holds the vault's address, its price and NAV model, the state a request is checked against, the request and
 * operator calls, and the requests read back from the vault's events.
 */
export {
  CENTRIFUGE_VAULT_ABIS,
  requestDepositCall,
  requestRedeemCall,
  setOperatorCall,
} from "./calls.ts";
export { centrifugeVault } from "./contracts.ts";
export { type CentrifugeMarket, type CentrifugeNavModel, readCentrifugeMarket } from "./market.ts";
export { type CentrifugeRequest, readCentrifugeRequests } from "./requests.ts";
export { type CentrifugeVaultState, readCentrifugeVault } from "./vault.ts";
