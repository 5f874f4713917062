// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {PriceModel} from "./rwa/PriceModel.sol";

/// @title IxsManagedVault
/// @notice The devnet's twin of an IXS managed vault (handle `ixv1`): an ERC-4626 share of a fund its manager runs
///         off chain. Deposits are instant at the current NAV per share; exits are **redemption requests**: the
///         shares go into escrow and the manager later finalises the request (burns them and pays the assets at the
///         NAV of that moment, less the exit fee) or rejects it (returns the shares). ERC-4626's synchronous
///         `withdraw`/`redeem` are closed (`maxWithdraw`/`maxRedeem` answer 0), as on a vault whose assets are
///         not all on chain.
/// @dev IXS publishes no contract source or ABI for these vaults, so this is the devnet's own build of the behaviour
///      the wire spec describes (buy = deposit, sell = `requestRedeem`, requests listed by id with a status code).
///      NAV per share follows the devnet's seeded price model (rwa/PriceModel.sol), a pure function of block time,
///      and `navModel` publishes its parameters so off-chain readers can chart it as they do the other RWA markets.
///      Request status codes: 0 pending, 1 finalized, 2 rejected.
contract IxsManagedVault is ERC4626 {
    using SafeERC20 for IERC20;
    using PriceModel for PriceModel.Params;

    uint8 public constant PENDING = 0;
    uint8 public constant FINALIZED = 1;
    uint8 public constant REJECTED = 2;
    uint16 public constant MAX_EXIT_FEE_BPS = 500;

    struct Request {
        address controller;
        uint128 shares;
        uint64 requestedAt;
        uint64 processedAt;
        uint8 status;
        /// @dev assets paid on finalisation (after the exit fee), 0 otherwise
        uint128 assetsPaid;
    }

    address public manager;
    bool public paused;
    uint16 public exitFeeBps;
    /// @notice smallest deposit, in asset units
    uint256 public minDeposit;
    PriceModel.Params private _model;

    Request[] private _requests;
    mapping(address controller => uint256[]) private _requestIds;
    /// @notice shares held in escrow for pending requests
    uint256 public pendingShares;

    event RedeemRequest(
        address indexed controller, address indexed owner, uint256 indexed requestId, address sender, uint256 shares
    );
    event RedeemFinalized(uint256 indexed requestId, address indexed controller, uint256 shares, uint256 assets, uint256 fee);
    event RedeemRejected(uint256 indexed requestId, address indexed controller, uint256 shares);
    event PauseChanged(bool paused);
    event ExitFeeChanged(uint16 exitFeeBps);
    event ManagerChanged(address manager);

    error NotManager();
    error VaultPaused();
    error ZeroShares();
    error BelowMinimum(uint256 assets, uint256 minimum);
    error UnknownRequest(uint256 requestId);
    error NotPending(uint256 requestId, uint8 status);
    error InsufficientLiquidity(uint256 needed, uint256 available);
    error NotAuthorized(address owner, address sender);
    error BadParams();

    modifier onlyManager() {
        if (msg.sender != manager) revert NotManager();
        _;
    }

    constructor(
        IERC20 asset_,
        string memory name_,
        string memory symbol_,
        address manager_,
        PriceModel.Params memory model_,
        uint16 exitFeeBps_,
        uint256 minDeposit_
    ) ERC20(name_, symbol_) ERC4626(asset_) {
        if (model_.p0 == 0 || model_.volBps > PriceModel.MAX_VOL_BPS || exitFeeBps_ > MAX_EXIT_FEE_BPS) {
            revert BadParams();
        }
        manager = manager_;
        _model = model_;
        exitFeeBps = exitFeeBps_;
        minDeposit = minDeposit_;
    }

    // ---- NAV -------------------------------------------------------------------------------------------------

    /// @notice USD (= asset units scaled to 18 decimals) per whole share, now.
    function navPerShare() public view returns (uint256) {
        return _model.price(block.timestamp);
    }

    /// @notice The NAV model's parameters: NAV per share at time t is `PriceModel.price(params, t)`.
    function navModel() external view returns (PriceModel.Params memory) {
        return _model;
    }

    function totalAssets() public view override returns (uint256) {
        return _convertToAssets(totalSupply(), Math.Rounding.Floor);
    }

    function _scale() private view returns (uint256) {
        return 10 ** (18 + decimals() - IERC20Metadata(asset()).decimals());
    }

    function _convertToShares(uint256 assets, Math.Rounding rounding) internal view override returns (uint256) {
        // shares = assets / nav, with the asset's decimals brought to the share's
        return Math.mulDiv(assets, _scale(), navPerShare(), rounding);
    }

    function _convertToAssets(uint256 shares, Math.Rounding rounding) internal view override returns (uint256) {
        return Math.mulDiv(shares, navPerShare(), _scale(), rounding);
    }

    function _decimalsOffset() internal pure override returns (uint8) {
        return 0;
    }

    // ---- entry: instant deposits ------------------------------------------------------------------------------

    function maxDeposit(address) public view override returns (uint256) {
        return paused ? 0 : type(uint256).max;
    }

    function maxMint(address) public view override returns (uint256) {
        return paused ? 0 : type(uint256).max;
    }

    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        if (paused) revert VaultPaused();
        if (assets < minDeposit) revert BelowMinimum(assets, minDeposit);
        if (shares == 0) revert ZeroShares();
        super._deposit(caller, receiver, assets, shares);
    }

    // ---- exit: redemption requests ----------------------------------------------------------------------------

    function maxWithdraw(address) public pure override returns (uint256) {
        return 0;
    }

    function maxRedeem(address) public pure override returns (uint256) {
        return 0;
    }

    /// @notice Files a redemption of `shares` of `owner` for `controller`; the shares move into escrow.
    function requestRedeem(uint256 shares, address controller, address owner) external returns (uint256 requestId) {
        if (paused) revert VaultPaused();
        if (shares == 0) revert ZeroShares();
        if (owner != msg.sender) _spendAllowance(owner, msg.sender, shares);
        _transfer(owner, address(this), shares);
        requestId = _requests.length;
        _requests.push(
            Request({
                controller: controller,
                shares: uint128(shares),
                requestedAt: uint64(block.timestamp),
                processedAt: 0,
                status: PENDING,
                assetsPaid: 0
            })
        );
        _requestIds[controller].push(requestId);
        pendingShares += shares;
        emit RedeemRequest(controller, owner, requestId, msg.sender, shares);
    }

    /// @notice Net assets a pending request would receive at the NAV now.
    function previewRequest(uint256 requestId) public view returns (uint256 assets, uint256 fee) {
        Request storage r = _request(requestId);
        uint256 gross = _convertToAssets(r.shares, Math.Rounding.Floor);
        fee = (gross * exitFeeBps) / 10_000;
        assets = gross - fee;
    }

    function finalizeRedemption(uint256 requestId) external onlyManager {
        Request storage r = _pending(requestId);
        (uint256 assets, uint256 fee) = previewRequest(requestId);
        uint256 available = IERC20(asset()).balanceOf(address(this));
        if (available < assets) revert InsufficientLiquidity(assets, available);
        r.status = FINALIZED;
        r.processedAt = uint64(block.timestamp);
        r.assetsPaid = uint128(assets);
        pendingShares -= r.shares;
        _burn(address(this), r.shares);
        IERC20(asset()).safeTransfer(r.controller, assets);
        emit RedeemFinalized(requestId, r.controller, r.shares, assets, fee);
    }

    function rejectRedemption(uint256 requestId) external onlyManager {
        Request storage r = _pending(requestId);
        r.status = REJECTED;
        r.processedAt = uint64(block.timestamp);
        pendingShares -= r.shares;
        _transfer(address(this), r.controller, r.shares);
        emit RedeemRejected(requestId, r.controller, r.shares);
    }

    function requestCount() external view returns (uint256) {
        return _requests.length;
    }

    function redemptionRequest(uint256 requestId) external view returns (Request memory) {
        return _request(requestId);
    }

    /// @notice Ids of `controller`'s requests, oldest first.
    function requestIdsOf(address controller) external view returns (uint256[] memory) {
        return _requestIds[controller];
    }

    function _request(uint256 requestId) private view returns (Request storage) {
        if (requestId >= _requests.length) revert UnknownRequest(requestId);
        return _requests[requestId];
    }

    function _pending(uint256 requestId) private view returns (Request storage r) {
        r = _request(requestId);
        if (r.status != PENDING) revert NotPending(requestId, r.status);
    }

    // ---- manager ---------------------------------------------------------------------------------------------

    function setPaused(bool paused_) external onlyManager {
        paused = paused_;
        emit PauseChanged(paused_);
    }

    function setExitFee(uint16 exitFeeBps_) external onlyManager {
        if (exitFeeBps_ > MAX_EXIT_FEE_BPS) revert BadParams();
        exitFeeBps = exitFeeBps_;
        emit ExitFeeChanged(exitFeeBps_);
    }

    function setManager(address manager_) external onlyManager {
        manager = manager_;
        emit ManagerChanged(manager_);
    }
}
