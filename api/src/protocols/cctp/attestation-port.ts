import type { Hex } from "viem";

/** A message as Circle's attestation service (Iris API v2) answers it. */
export interface IrisMessage {
  message: Hex | "0x";
  eventNonce: Hex;
  attestation: Hex | "PENDING";
  decodedMessage: {
    sourceDomain: string;
    destinationDomain: string;
    nonce: Hex;
    finalityThresholdExecuted: string;
    decodedMessageBody: { mintRecipient: string; amount: string; maxFee: string; feeExecuted: string };
  } | null;
  cctpVersion: number;
  status: "complete" | "pending_confirmations" | string;
  delayReason?: string | null;
}

export interface IrisFee {
  finalityThreshold: number;
  /** basis points; may be fractional (1.3) */
  minimumFee: number;
}

/** Circle's attestation service (Iris API v2) as the domain sees it. */
export interface AttestationService {
  /** the messages a burn transaction emitted on `sourceDomain`, or null when it knows none (yet) */
  messages(sourceDomain: number, transactionHash: Hex): Promise<IrisMessage[] | null>;
  /** Circle's fees for `src` → `dst`, per finality threshold */
  fees(src: number, dst: number): Promise<IrisFee[]>;
}

export interface CctpPorts {
  iris: AttestationService;
}
