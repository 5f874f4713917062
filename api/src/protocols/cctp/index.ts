/**
 * Circle's CCTP v2: USDC burned by TokenMessengerV2 on one chain and minted by MessageTransmitterV2 on another once
 * Circle's attestation service (Iris) has attested the burn. This folder holds the chains' domains, the bridge id
 * that carries a route, the calls that burn, approve and receive, their reverts named, the fast fee and the time a
 * transfer takes, the burn messages read back, and the attestation service's port and adapter.
 */
export type { AttestationService, CctpPorts, IrisFee, IrisMessage } from "./attestation-port.ts";
export { type BridgeRoute, decodeBridgeId, encodeBridgeId, type TransferMode } from "./bridge-id.ts";
export { burnApprovalCall, depositForBurnCall, receiveMessageCall } from "./calls.ts";
export { chainOfDomain, domainOf } from "./domains.ts";
export { burnRefused, mintRefused } from "./errors.ts";
export { fastFee, feeOf } from "./fees.ts";
export { IrisAdapter } from "./iris/adapter.ts";
export {
  type BurnMessage,
  burnedAmount,
  burnMessageFor,
  executedFee,
  isAttested,
  isReceived,
} from "./messages.ts";
export { estimatedSeconds } from "./timing.ts";
