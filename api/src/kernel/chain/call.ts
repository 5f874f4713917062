import type { Address, Hex } from "viem";

/**
 * One contract call, as protocols build them: the product accounts batch them (MultiSendCallOnly), the v1 writes
 * send one from the user's wallet.
 */
export interface Call {
  to: Address;
  data: Hex;
  value?: bigint;
}
