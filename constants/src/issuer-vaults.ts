import { parseAbi } from "viem";

/**
 * Midas's vault interfaces (DepositVault, RedemptionVault, their ManageableVault base, the DataFeed): what the API
 * calls to buy and sell mTokens. Amounts are base 18 whatever the token's decimals, as Midas does. A test checks
 * each entry against the devnet's builds.
 */
export const midasManageableVaultAbi = parseAbi([
  "function mToken() view returns (address)",
  "function mTokenDataFeed() view returns (address)",
  "function mTokenRate() view returns (uint256)",
  "function instantFee() view returns (uint256)",
  "function instantDailyLimit() view returns (uint256)",
  "function dailyLimits(uint256 day) view returns (uint256)",
  "function minAmount() view returns (uint256)",
  "function paused() view returns (bool)",
  "function fnPaused(bytes4 fn) view returns (bool)",
  "function greenlistEnabled() view returns (bool)",
  "function greenlisted(address account) view returns (bool)",
  "function blacklisted(address account) view returns (bool)",
  "function tokensConfig(address token) view returns (address dataFeed, uint256 fee, uint256 allowance, bool stable)",
  "function currentRequestId() view returns (uint256)",
]);

export const midasDepositVaultAbi = [
  ...midasManageableVaultAbi,
  ...parseAbi([
    "function previewDepositInstant(address tokenIn, uint256 amountToken) view returns (uint256 minted, uint256 fee)",
    "function depositInstant(address tokenIn, uint256 amountToken, uint256 minReceiveAmount, bytes32 referrerId)",
    "function depositRequest(address tokenIn, uint256 amountToken, bytes32 referrerId) returns (uint256 requestId)",
  ]),
] as const;

export const midasRedemptionVaultAbi = [
  ...midasManageableVaultAbi,
  ...parseAbi([
    "function previewRedeemInstant(address tokenOut, uint256 amountMTokenIn) view returns (uint256 amountOut, uint256 fee)",
    "function liquidity(address tokenOut) view returns (uint256)",
    "function redeemInstant(address tokenOut, uint256 amountMTokenIn, uint256 minReceiveAmount)",
    "function redeemRequest(address tokenOut, uint256 amountMTokenIn) returns (uint256 requestId)",
    "function redeemRequests(uint256 requestId) view returns (address sender, address tokenOut, uint8 status, uint256 amountMToken, uint256 mTokenRate, uint256 tokenOutRate)",
    "function requestFee(uint256 requestId) view returns (uint256)",
    "event RedeemRequest(uint256 indexed requestId, address indexed user, address indexed tokenOut, uint256 amountMTokenIn, uint256 feeAmount)",
    "event ApproveRequest(uint256 indexed requestId, uint256 newMTokenRate)",
    "event RejectRequest(uint256 indexed requestId, address indexed user)",
  ]),
] as const;

/** The devnet's feed also publishes its model's parameters (`params`), which the API charts history from. */
export const midasDataFeedAbi = parseAbi([
  "struct Params { uint256 seed; uint256 p0; uint64 t0; uint32 apyBps; uint32 volBps; }",
  "function getDataInBase18() view returns (uint256)",
  "function params() view returns (Params)",
  "function rateAt(uint256 t) view returns (uint256)",
]);

/** Centrifuge's ERC-7540 asynchronous vault (deRWA tokens): requests, claims, operators. */
export const centrifugeVaultAbi = parseAbi([
  "function asset() view returns (address)",
  "function share() view returns (address)",
  "function manager() view returns (address)",
  "function paused() view returns (bool)",
  "function minDeposit() view returns (uint256)",
  "function pricePerShare() view returns (uint256)",
  "function seed() view returns (uint256)",
  "function p0() view returns (uint256)",
  "function t0() view returns (uint64)",
  "function apyBps() view returns (uint32)",
  "function volBps() view returns (uint32)",
  "function convertToShares(uint256 assets) view returns (uint256)",
  "function convertToAssets(uint256 shares) view returns (uint256)",
  "function pendingDepositRequest(uint256 requestId, address controller) view returns (uint256)",
  "function claimableDepositRequest(uint256 requestId, address controller) view returns (uint256)",
  "function pendingRedeemRequest(uint256 requestId, address controller) view returns (uint256)",
  "function claimableRedeemRequest(uint256 requestId, address controller) view returns (uint256)",
  "function isOperator(address controller, address operator) view returns (bool)",
  "function setOperator(address operator, bool approved) returns (bool)",
  "function requestDeposit(uint256 assets, address controller, address owner) returns (uint256)",
  "function requestRedeem(uint256 shares, address controller, address owner) returns (uint256)",
  "function deposit(uint256 assets, address receiver, address controller) returns (uint256 shares)",
  "function redeem(uint256 shares, address receiver, address controller) returns (uint256 assets)",
  "event DepositRequest(address indexed controller, address indexed owner, uint256 indexed requestId, address sender, uint256 assets)",
  "event RedeemRequest(address indexed controller, address indexed owner, uint256 indexed requestId, address sender, uint256 shares)",
  "event DepositClaimable(address indexed controller, uint256 indexed requestId, uint256 assets, uint256 shares)",
  "event RedeemClaimable(address indexed controller, uint256 indexed requestId, uint256 assets, uint256 shares)",
  "event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)",
  "event Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares)",
]);
