import { erc20Abi, parseAbi } from "viem";

/**
 * ABIs of the tokenized-asset contracts (venue, tokens, the sandbox fund's share token), in viem's human-readable form (typed).
 * A test checks each entry against the compiled devnet contracts.
 */
export const rwaExchangeAbi = parseAbi([
  "struct Params { uint256 seed; uint256 p0; uint64 t0; uint32 apyBps; uint32 volBps; }",
  "function usdc() view returns (address)",
  "function owner() view returns (address)",
  "function pauser() view returns (address)",
  "function markets(address token) view returns (bool listed, bool paused, uint8 decimals, uint16 spreadBps, uint32 apyBps, uint32 volBps, uint64 t0, uint256 seed, uint256 p0)",
  "function tokens() view returns (address[])",
  "function params(address token) view returns (Params)",
  "function referencePrice(address token, uint256 t) view returns (uint256)",
  "function price(address token) view returns (uint256)",
  "function quoteBuy(address token, uint256 usdcIn) view returns (uint256)",
  "function quoteSell(address token, uint256 amountIn) view returns (uint256)",
  "function buy(address token, uint256 usdcIn, uint256 minAmountOut, address recipient) returns (uint256)",
  "function sell(address token, uint256 amountIn, uint256 minUsdcOut, address recipient) returns (uint256)",
  "function list(address token, uint256 seed, uint256 p0, uint64 t0, uint32 apyBps, uint32 volBps, uint16 spreadBps)",
  "function setPaused(address token, bool paused)",
  "function withdraw(address asset, uint256 amount, address to)",
  "event Trade(address indexed token, address indexed trader, address indexed recipient, bool isBuy, uint256 usdcAmount, uint256 tokenAmount, uint256 price)",
  "event PauseChanged(address indexed token, bool paused)",
  "error NotOwner()",
  "error NotPauser()",
  "error UnknownMarket(address token)",
  "error MarketPaused(address token)",
  "error ZeroAmount()",
  "error Slippage(uint256 amountOut, uint256 minAmountOut)",
  "error InsufficientLiquidity(address asset, uint256 needed, uint256 available)",
  "error BadParams()",
]);

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
