import {
  CCTP_FINALITY,
  CCTP_MESSAGE_TRANSMITTER_V2,
  CCTP_TOKEN_MESSENGER_V2,
  cctpMessageTransmitterV2Abi,
  cctpTokenMessengerV2Abi,
} from "@compass/constants";
import { type Address, erc20Abi, type Hex, pad } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { contractCall } from "../../kernel/chain/contract.ts";
import type { TransferMode } from "./bridge-id.ts";

export interface BurnParams {
  /** USDC raw */
  amount: bigint;
  destinationDomain: number;
  recipient: Address;
  /** the source chain's USDC */
  token: Address;
  /** the most of `amount` Circle may keep as its fee */
  maxFee: bigint;
  mode: TransferMode;
}

/**
 * TokenMessengerV2's `depositForBurn`: burns `amount` the caller holds for `recipient` on the destination, asking
 * for finality 1000 (fast) or 2000 (standard); any caller may mint it there.
 */
export function depositForBurnCall(p: BurnParams): Call {
  return contractCall(CCTP_TOKEN_MESSENGER_V2, {
    abi: cctpTokenMessengerV2Abi,
    functionName: "depositForBurn",
    args: [
      p.amount,
      p.destinationDomain,
      pad(p.recipient),
      p.token,
      pad("0x"), // any caller may mint on the destination
      p.maxFee,
      CCTP_FINALITY[p.mode],
    ],
  });
}

/** The approval TokenMessengerV2 needs to burn `amount` of `token`. */
export function burnApprovalCall(token: Address, amount: bigint): Call {
  return contractCall(token, {
    abi: erc20Abi,
    functionName: "approve",
    args: [CCTP_TOKEN_MESSENGER_V2, amount],
  });
}

/** MessageTransmitterV2's `receiveMessage`: mints an attested burn on the destination. */
export function receiveMessageCall(message: Hex, attestation: Hex): Call {
  const args = [message, attestation] as const;
  return contractCall(CCTP_MESSAGE_TRANSMITTER_V2, {
    abi: cctpMessageTransmitterV2Abi,
    functionName: "receiveMessage",
    args,
  });
}
