import { parseAbi } from "viem";

/** Multicall3's own views: read alongside other calls, they ride in the same eth_call batch. */
export const multicall3Abi = parseAbi([
  "function getBlockNumber() view returns (uint256)",
  "function getEthBalance(address addr) view returns (uint256)",
  "function getBasefee() view returns (uint256 basefee)",
  "function getCurrentBlockTimestamp() view returns (uint256 timestamp)",
]);
