import { concat, encodeFunctionData, encodePacked, type Hex, size } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { multiSendAbi } from "./safe.ts";

/** One call the product account makes. */
export type AccountCall = Call;

/**
 * MultiSendCallOnly calldata for several calls executed in order, all-or-nothing: each is packed as
 * operation (uint8, 0 = call) ‖ to ‖ value ‖ data length ‖ data.
 */
export function encodeMultiSend(calls: AccountCall[]): Hex {
  const packed = concat(
    calls.map((c) =>
      encodePacked(
        ["uint8", "address", "uint256", "uint256", "bytes"],
        [0, c.to, c.value ?? 0n, BigInt(size(c.data)), c.data],
      ),
    ),
  );
  return encodeFunctionData({ abi: multiSendAbi, functionName: "multiSend", args: [packed] });
}
