import type { Address, Hex } from "viem";

/** One contract call: what every protocol's call builders return and what product accounts batch. */
export interface Call {
  to: Address;
  data: Hex;
  value?: bigint;
}
