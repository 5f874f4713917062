import { parseAbi } from "viem";

/** Typed ABIs of the one-time deposit wallet contracts (checked against the compiled ones by a test). */
export const oneTimeWalletFactoryAbi = parseAbi([
  "function walletAddress(address recipient, bytes32 salt) view returns (address)",
  "function deployAndForward(address token, address recipient, bytes32 salt) returns (address wallet, uint256 amount)",
  "function deploy(address recipient, bytes32 salt) returns (address wallet)",
  "event WalletDeployed(address indexed wallet, address indexed owner, bytes32 salt)",
]);

export const oneTimeWalletAbi = parseAbi([
  "function factory() view returns (address)",
  "function owner() view returns (address)",
  "function forward(address token) returns (bool ok, uint256 amount)",
  "function recover(address token, address to) returns (uint256 amount)",
  "event Forwarded(address indexed token, address indexed owner, uint256 amount)",
  "event Recovered(address indexed token, address indexed to, uint256 amount)",
]);
