import { parseAbi } from "viem";
import type { ChainName } from "./chains.ts";

/** Circle's CCTP v2 contracts: the same address on every EVM mainnet (and at those addresses on the devnet). */
export const CCTP_TOKEN_MESSENGER_V2 = "0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d" as const;
export const CCTP_MESSAGE_TRANSMITTER_V2 = "0x81D40F21F12A8F0E3252Bccb954D722d4c464B64" as const;

/** CCTP domains of the chains the API bridges between (Circle's numbering). */
export const CCTP_DOMAINS = { ethereum: 0, arbitrum: 3, base: 6 } as const satisfies Partial<
  Record<ChainName, number>
>;
export type CctpChain = keyof typeof CCTP_DOMAINS;
export const CCTP_CHAINS = Object.keys(CCTP_DOMAINS) as CctpChain[];

/** Finality thresholds of CCTP v2: ≤ 1000 asks for a fast (confirmed) transfer, 2000 a standard (finalized) one. */
export const CCTP_FINALITY = { fast: 1000, standard: 2000 } as const;

export const cctpTokenMessengerV2Abi = parseAbi([
  "function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32 destinationCaller, uint256 maxFee, uint32 minFinalityThreshold)",
  "function depositForBurnWithHook(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32 destinationCaller, uint256 maxFee, uint32 minFinalityThreshold, bytes hookData)",
  "function handleReceiveFinalizedMessage(uint32 remoteDomain, bytes32 sender, uint32 finalityThresholdExecuted, bytes messageBody) returns (bool)",
  "function handleReceiveUnfinalizedMessage(uint32 remoteDomain, bytes32 sender, uint32 finalityThresholdExecuted, bytes messageBody) returns (bool)",
  "function localMessageTransmitter() view returns (address)",
  "function remoteTokenMessengers(uint32 domain) view returns (bytes32)",
  "function feeRecipient() view returns (address)",
  "event DepositForBurn(address indexed burnToken, uint256 amount, address indexed depositor, bytes32 mintRecipient, uint32 destinationDomain, bytes32 destinationTokenMessenger, bytes32 destinationCaller, uint256 maxFee, uint32 indexed minFinalityThreshold, bytes hookData)",
  "event MintAndWithdraw(address indexed mintRecipient, uint256 amount, address indexed mintToken, uint256 feeCollected)",
]);

export const cctpMessageTransmitterV2Abi = parseAbi([
  "function localDomain() view returns (uint32)",
  "function version() view returns (uint32)",
  "function usedNonces(bytes32 nonce) view returns (uint256)",
  "function signatureThreshold() view returns (uint256)",
  "function isEnabledAttester(address attester) view returns (bool)",
  "function sendMessage(uint32 destinationDomain, bytes32 recipient, bytes32 destinationCaller, uint32 minFinalityThreshold, bytes messageBody)",
  "function receiveMessage(bytes message, bytes attestation) returns (bool success)",
  "event MessageSent(bytes message)",
  "event MessageReceived(address indexed caller, uint32 sourceDomain, bytes32 indexed nonce, bytes32 sender, uint32 indexed finalityThresholdExecuted, bytes messageBody)",
]);
