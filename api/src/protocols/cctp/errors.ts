import { cctpMessageTransmitterV2Abi, cctpTokenMessengerV2Abi } from "@compass/constants";
import type { Hex } from "viem";
import { describeRevert, RevertError } from "../../kernel/chain/revert.ts";

/** A burn TokenMessengerV2 reverts, named. */
export function burnRefused(revert: Hex | undefined): never {
  throw new RevertError(
    `TokenMessengerV2 refuses the burn: ${describeRevert(revert, [cctpTokenMessengerV2Abi])}`,
  );
}

/** A message MessageTransmitterV2 reverts (or the TokenMessengerV2 that mints it), named. */
export function mintRefused(revert: Hex | undefined): never {
  throw new RevertError(
    `MessageTransmitterV2 refuses the message: ${describeRevert(revert, [cctpMessageTransmitterV2Abi, cctpTokenMessengerV2Abi])}`,
  );
}
