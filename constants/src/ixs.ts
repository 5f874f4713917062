import { erc20Abi, parseAbi } from "viem";

/**
 * The IXS managed vault (handle `ixv1`, bsc): ERC-4626 deposits, redemption requests its manager finalises or
 * rejects, NAV per share and its model. A test checks each entry against the compiled devnet contract.
 * Request status codes: 0 pending, 1 finalized, 2 rejected.
 */
export const ixsVaultAbi = [
  ...erc20Abi,
  ...parseAbi([
    "struct Params { uint256 seed; uint256 p0; uint64 t0; uint32 apyBps; uint32 volBps; }",
    "struct Request { address controller; uint128 shares; uint64 requestedAt; uint64 processedAt; uint8 status; uint128 assetsPaid; }",
    "function asset() view returns (address)",
    "function totalAssets() view returns (uint256)",
    "function convertToShares(uint256 assets) view returns (uint256)",
    "function convertToAssets(uint256 shares) view returns (uint256)",
    "function previewDeposit(uint256 assets) view returns (uint256)",
    "function maxDeposit(address receiver) view returns (uint256)",
    "function maxRedeem(address owner) view returns (uint256)",
    "function maxWithdraw(address owner) view returns (uint256)",
    "function deposit(uint256 assets, address receiver) returns (uint256)",
    "function navPerShare() view returns (uint256)",
    "function navModel() view returns (Params)",
    "function manager() view returns (address)",
    "function paused() view returns (bool)",
    "function exitFeeBps() view returns (uint16)",
    "function minDeposit() view returns (uint256)",
    "function pendingShares() view returns (uint256)",
    "function requestRedeem(uint256 shares, address controller, address owner) returns (uint256 requestId)",
    "function previewRequest(uint256 requestId) view returns (uint256 assets, uint256 fee)",
    "function requestCount() view returns (uint256)",
    "function redemptionRequest(uint256 requestId) view returns (Request)",
    "function requestIdsOf(address controller) view returns (uint256[])",
    "function finalizeRedemption(uint256 requestId)",
    "function rejectRedemption(uint256 requestId)",
    "function setPaused(bool paused)",
    "function setExitFee(uint16 exitFeeBps)",
    "event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)",
    "event RedeemRequest(address indexed controller, address indexed owner, uint256 indexed requestId, address sender, uint256 shares)",
    "event RedeemFinalized(uint256 indexed requestId, address indexed controller, uint256 shares, uint256 assets, uint256 fee)",
    "event RedeemRejected(uint256 indexed requestId, address indexed controller, uint256 shares)",
    "event PauseChanged(bool paused)",
    "error NotManager()",
    "error VaultPaused()",
    "error ZeroShares()",
    "error BelowMinimum(uint256 assets, uint256 minimum)",
    "error UnknownRequest(uint256 requestId)",
    "error NotPending(uint256 requestId, uint8 status)",
    "error InsufficientLiquidity(uint256 needed, uint256 available)",
    "error ERC4626ExceededMaxDeposit(address receiver, uint256 assets, uint256 max)",
  ]),
] as const;

/** The status codes of `redemptionRequest(id).status`. */
export const IXS_REQUEST_STATUS = { 0: "pending", 1: "finalized", 2: "rejected" } as const;
