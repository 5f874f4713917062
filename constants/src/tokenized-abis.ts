import { erc20Abi, parseAbi } from "viem";

/**
 * ABIs of the tokenized-asset contracts (tokens, the sandbox fund's share token), in viem's human-readable form (typed).
 * A test checks each entry against the compiled devnet contracts.
 */
/** Issuer-controlled ERC-20 of the devnet's RWA tokens. */
export const rwaTokenAbi = [
  ...erc20Abi,
  ...parseAbi([
    "function issuer() view returns (address)",
    "function mint(address to, uint256 amount)",
    "function burn(uint256 amount)",
    "error NotIssuer()",
  ]),
] as const;

/** The sandbox fund's permissioned share token. */
export const fundShareTokenAbi = [
  ...erc20Abi,
  ...parseAbi([
    "function NOTICE() view returns (string)",
    "function issuer() view returns (address)",
    "function allowed(address account) view returns (bool)",
    "function setAllowed(address account, bool isAllowed)",
    "function mint(address to, uint256 amount)",
    "function burn(uint256 amount)",
    "event AllowListUpdated(address indexed account, bool allowed)",
    "error NotIssuer()",
    "error NotAllowListed(address account)",
  ]),
] as const;

/** OpenZeppelin v5 ERC-20 errors, for explaining reverts of token transfers. */
export const erc20ErrorsAbi = parseAbi([
  "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
  "error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)",
  "error ERC20InvalidReceiver(address receiver)",
  "error ERC20InvalidSender(address sender)",
  "error SafeERC20FailedOperation(address token)",
]);
