import { CCTP_FINALITY } from "@compass/constants";
import type { IrisFee } from "./attestation-port.ts";

/** `bps` (possibly fractional, e.g. 1.3) of `amount`, rounded up to the USDC unit. */
export function feeOf(amount: bigint, bps: number): bigint {
  const millionths = BigInt(Math.round(bps * 100)); // bps × 100 = millionths of the amount
  return (amount * millionths + 999_999n) / 1_000_000n;
}

/** Circle's fee for a fast transfer of `amount`, from its fees for the route (none listed: free). */
export function fastFee(amount: bigint, fees: IrisFee[]): bigint {
  const bps = fees.find((f) => f.finalityThreshold === CCTP_FINALITY.fast)?.minimumFee ?? 0;
  return feeOf(amount, bps);
}
