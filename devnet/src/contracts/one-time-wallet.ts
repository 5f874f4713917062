import { parseAbi } from "viem";

/** Typed ABIs of the one-time deposit wallet contracts (checked against the compiled ones by a test). */
export const oneTimeWalletFactoryAbi = parseAbi([
  "function walletAddress(address owner, bytes32 salt) view returns (address)",
  "function delivered(address wallet) view returns (bool)",
  "function deliver(address token, address owner, bytes32 salt, uint256 amount) returns (address wallet, bool forwarded)",
  "function forward(address token, address owner, bytes32 salt) returns (bool ok, uint256 amount)",
  "event WalletDeployed(address indexed wallet, address indexed owner, bytes32 salt)",
  "event Delivered(address indexed wallet, address indexed owner, address indexed token, uint256 amount, bool forwarded)",
]);

export const oneTimeWalletAbi = parseAbi([
  "function factory() view returns (address)",
  "function owner() view returns (address)",
  "function forward(address token) returns (bool ok, uint256 amount)",
  "function recover(address token, address to) returns (uint256 amount)",
  "event Forwarded(address indexed token, address indexed owner, uint256 amount)",
  "event Recovered(address indexed token, address indexed to, uint256 amount)",
]);
