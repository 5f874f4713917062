import { parseAbi } from "viem";

/**
 * Safe v1.4.1 at its canonical addresses (@safe-global/safe-deployments, "canonical" deployment), the
 * same on every chain the API serves; the devnet installs the official artifacts there.
 */
export const SAFE = {
  /** SafeL2 on every chain: one singleton keeps an owner's account at one address on all chains, and its
   * execution events make account activity indexable (the extra event gas is small even on Ethereum). */
  singleton: "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762",
  proxyFactory: "0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67",
  fallbackHandler: "0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99",
  multiSendCallOnly: "0x9641d764fc13c8B624c04430C7356C1C7C8102e2",
  simulateTxAccessor: "0x3d4BA2E0884aa488718476ca2FB8Efc291A46199",
} as const;

export const safeAbi = parseAbi([
  "function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)",
  "function nonce() view returns (uint256)",
  "function getOwners() view returns (address[])",
  "function getThreshold() view returns (uint256)",
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)",
  "function simulateAndRevert(address targetContract, bytes calldataPayload)",
  "event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)",
  "event ExecutionFailure(bytes32 indexed txHash, uint256 payment)",
]);

export const safeProxyFactoryAbi = parseAbi([
  "function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)",
  "event ProxyCreation(address indexed proxy, address singleton)",
]);

export const multiSendAbi = parseAbi(["function multiSend(bytes transactions) payable"]);

export const simulateTxAccessorAbi = parseAbi([
  "function simulate(address to, uint256 value, bytes data, uint8 operation) returns (uint256 estimate, bool success, bytes returnData)",
]);
