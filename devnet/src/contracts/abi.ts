import { erc20Abi, parseAbi } from "viem";

/**
 * Typed ABI of the USDC twin for callers (the launcher, twins, tests). Hand-written in viem's
 * human-readable form because JSON artifacts lose their literal types; test/artifacts.test.ts checks
 * every entry here exists in the compiled ABI.
 */
export const fiatTokenAbi = [
  ...erc20Abi,
  ...parseAbi([
    "function initialize(string tokenName, string tokenSymbol, string domainVersion, uint8 tokenDecimals, address tokenOwner)",
    "function initialized() view returns (bool)",
    "function owner() view returns (address)",
    "function version() view returns (string)",
    "function DOMAIN_SEPARATOR() view returns (bytes32)",
    "function nonces(address owner) view returns (uint256)",
    "function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)",
    "function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature)",
    "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
    "function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
    "function cancelAuthorization(address authorizer, bytes32 nonce, bytes signature)",
    "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
    "function configureMinter(address minter, uint256 minterAllowedAmount) returns (bool)",
    "function removeMinter(address minter) returns (bool)",
    "function isMinter(address account) view returns (bool)",
    "function minterAllowance(address minter) view returns (uint256)",
    "function mint(address to, uint256 amount) returns (bool)",
    "function burn(uint256 amount)",
    "function pause()",
    "function unpause()",
    "function paused() view returns (bool)",
    "function blacklist(address account)",
    "function unBlacklist(address account)",
    "function isBlacklisted(address account) view returns (bool)",
    "function transferOwnership(address newOwner)",
    "event Mint(address indexed minter, address indexed to, uint256 amount)",
    "event Burn(address indexed burner, uint256 amount)",
  ]),
] as const;

/** Binance's BEP20TokenImplementation (Binance-Peg USDC on BNB Smart Chain), as the twin implements it. */
export const bep20PegTokenAbi = [
  ...erc20Abi,
  ...parseAbi([
    "function initialize(string name, string symbol, uint8 decimals, uint256 amount, bool mintable, address owner)",
    "function initialized() view returns (bool)",
    "function owner() view returns (address)",
    "function getOwner() view returns (address)",
    "function mintable() view returns (bool)",
    "function mint(uint256 amount) returns (bool)",
    "function burn(uint256 amount) returns (bool)",
    "function increaseAllowance(address spender, uint256 addedValue) returns (bool)",
    "function decreaseAllowance(address spender, uint256 subtractedValue) returns (bool)",
    "function transferOwnership(address newOwner)",
    "function renounceOwnership()",
    "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
  ]),
] as const;
