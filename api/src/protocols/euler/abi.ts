import { parseAbi, parseAbiItem } from "viem";

/**
 * The Euler Vault Kit's (EVK) vault views, as Euler publishes them: a vault that answers `EVC()`, `cash()`,
 * `totalBorrows()` and `caps()` is an Euler vault. Rates are per second in ray; the interest fee and LTVs in 1e-4;
 * caps are EVK's 16-bit AmountCap.
 */
export const evkAbi = parseAbi([
  "function EVC() view returns (address)",
  "function asset() view returns (address)",
  "function symbol() view returns (string)",
  "function cash() view returns (uint256)",
  "function totalBorrows() view returns (uint256)",
  "function totalAssets() view returns (uint256)",
  "function interestRate() view returns (uint256)",
  "function interestFee() view returns (uint16)",
  "function caps() view returns (uint16 supplyCap, uint16 borrowCap)",
  "function unitOfAccount() view returns (address)",
  "function LTVList() view returns (address[])",
  "function LTVBorrow(address collateral) view returns (uint16)",
  "function LTVLiquidation(address collateral) view returns (uint16)",
]);

/** EVK's GenericFactory event: every vault it creates. */
export const proxyCreatedEvent = parseAbiItem(
  "event ProxyCreated(address indexed proxy, bool upgradeable, address implementation, bytes trailingData)",
);
