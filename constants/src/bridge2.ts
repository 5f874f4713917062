import { parseAbi } from "viem";

/** The venue's Arbitrum bridge (Hyperliquid Bridge2), at its canonical address on every deployment. */
export const BRIDGE2 = "0x2Df1c51E09aECF9cacB7bc98cB1742757f163dF7" as const;

/**
 * The part of Bridge2's ABI deposits use. A failed permit or transfer does not revert the batch: the
 * bridge emits `FailedPermitDeposit` and carries on, so success is the USDC `Transfer` to the bridge.
 */
export const bridge2Abi = parseAbi([
  "struct Signature { uint256 r; uint256 s; uint8 v; }",
  "struct DepositWithPermit { address user; uint64 usd; uint64 deadline; Signature signature; }",
  "function batchedDepositWithPermit(DepositWithPermit[] deposits)",
  "event FailedPermitDeposit(address user, uint64 usd, uint32 errorCode)",
]);
