import type { Address, Hex } from "viem";

/** One call to a contract: what every protocol's call builders return and a product account batches. */
export interface Call {
  to: Address;
  data: Hex;
  value?: bigint;
}
