// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {PriceModel} from "./rwa/PriceModel.sol";

/// @title CentrifugeAsyncVaultTwin
/// @notice The devnet's faithful build of a Centrifuge ERC-7540 asynchronous vault (ERC-7575 `share()` token):
///         `requestDeposit(assets, controller, owner)` / `requestRedeem(shares, controller, owner)` move the input
///         into the vault and leave a pending request (request id 0, per controller); the vault's manager (the
///         devnet's `fund_issuer`, standing for Centrifuge's investment manager) fulfils it at the NAV of the
///         moment (`fulfillDepositRequest` / `fulfillRedeemRequest`, at the seeded price model's price), making it
///         claimable; the controller or its operator (`setOperator`) claims with `deposit`/`mint` and
///         `redeem`/`withdraw`. ERC-7540 and ERC-7575 events and views.
/// @dev Not Centrifuge's source. Shares come from a float the issuer mints to the vault (the devnet's RwaToken
///      mints only to its issuer); Centrifuge's vault mints through its restricted share token. See devnet/README.md.
contract CentrifugeAsyncVaultTwin {
    using SafeERC20 for IERC20;

    uint256 internal constant REQUEST_ID = 0;

    struct State {
        uint128 pendingDeposit; // assets
        uint128 pendingRedeem; // shares
        uint128 claimableDepositAssets;
        uint128 claimableDepositShares;
        uint128 claimableRedeemShares;
        uint128 claimableRedeemAssets;
    }

    address public immutable asset;
    address public immutable share;
    address public manager;
    bool public paused;
    uint256 public immutable minDeposit;
    uint256 public immutable seed;
    uint256 public immutable p0;
    uint64 public immutable t0;
    uint32 public immutable apyBps;
    uint32 public immutable volBps;

    mapping(address => State) public investments;
    mapping(address => mapping(address => bool)) public isOperator;

    event DepositRequest(address indexed controller, address indexed owner, uint256 indexed requestId, address sender, uint256 assets);
    event RedeemRequest(address indexed controller, address indexed owner, uint256 indexed requestId, address sender, uint256 shares);
    event OperatorSet(address indexed controller, address indexed operator, bool approved);
    event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares);
    event Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares);
    event DepositClaimable(address indexed controller, uint256 indexed requestId, uint256 assets, uint256 shares);
    event RedeemClaimable(address indexed controller, uint256 indexed requestId, uint256 assets, uint256 shares);
    event PauseChanged(bool paused);

    constructor(address asset_, address share_, address manager_, uint256 minDeposit_, PriceModel.Params memory p) {
        require(p.p0 > 0 && p.volBps <= PriceModel.MAX_VOL_BPS, "AsyncVault/bad-params");
        asset = asset_;
        share = share_;
        manager = manager_;
        minDeposit = minDeposit_;
        seed = p.seed;
        p0 = p.p0;
        t0 = p.t0;
        apyBps = p.apyBps;
        volBps = p.volBps;
    }

    modifier onlyManager() {
        require(msg.sender == manager, "AsyncVault/not-the-manager");
        _;
    }

    modifier authorized(address controller) {
        require(msg.sender == controller || isOperator[controller][msg.sender], "AsyncVault/invalid-controller");
        _;
    }

    // ---- views ----

    /// @notice Share price now, asset units (USDC, 6 decimals) per whole share, 18 decimals in USD terms.
    function pricePerShare() public view returns (uint256) {
        return PriceModel.price(PriceModel.Params({seed: seed, p0: p0, t0: t0, apyBps: apyBps, volBps: volBps}), block.timestamp);
    }

    /// @notice Shares (18 decimals) worth `assets` (USDC, 6 decimals) at the current price.
    function convertToShares(uint256 assets) public view returns (uint256) {
        return (assets * 1e12 * 1e18) / pricePerShare();
    }

    /// @notice Assets (USDC, 6 decimals) worth `shares` (18 decimals) at the current price.
    function convertToAssets(uint256 shares) public view returns (uint256) {
        return (shares * pricePerShare()) / 1e18 / 1e12;
    }

    function pendingDepositRequest(uint256, address controller) external view returns (uint256) {
        return investments[controller].pendingDeposit;
    }

    function claimableDepositRequest(uint256, address controller) external view returns (uint256) {
        return investments[controller].claimableDepositAssets;
    }

    function pendingRedeemRequest(uint256, address controller) external view returns (uint256) {
        return investments[controller].pendingRedeem;
    }

    function claimableRedeemRequest(uint256, address controller) external view returns (uint256) {
        return investments[controller].claimableRedeemShares;
    }

    function maxDeposit(address controller) external view returns (uint256) {
        return investments[controller].claimableDepositAssets;
    }

    function maxMint(address controller) external view returns (uint256) {
        return investments[controller].claimableDepositShares;
    }

    function maxRedeem(address controller) external view returns (uint256) {
        return investments[controller].claimableRedeemShares;
    }

    function maxWithdraw(address controller) external view returns (uint256) {
        return investments[controller].claimableRedeemAssets;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        // ERC-165, ERC-7540 operator, async deposit, async redeem, ERC-7575
        return id == 0x01ffc9a7 || id == 0xe3bc4e65 || id == 0xce3bbe50 || id == 0x620ee8e4 || id == 0x2f0a18c5;
    }

    // ---- ERC-7540 ----

    function setOperator(address operator, bool approved) external returns (bool) {
        require(msg.sender != operator, "AsyncVault/cannot-set-self-as-operator");
        isOperator[msg.sender][operator] = approved;
        emit OperatorSet(msg.sender, operator, approved);
        return true;
    }

    function requestDeposit(uint256 assets, address controller, address owner) external returns (uint256) {
        require(!paused, "AsyncVault/paused");
        require(owner == msg.sender || isOperator[owner][msg.sender], "AsyncVault/invalid-owner");
        require(assets > 0, "AsyncVault/zero-amount-not-allowed");
        require(assets >= minDeposit, "AsyncVault/below-min-deposit");
        IERC20(asset).safeTransferFrom(owner, address(this), assets);
        investments[controller].pendingDeposit += uint128(assets);
        emit DepositRequest(controller, owner, REQUEST_ID, msg.sender, assets);
        return REQUEST_ID;
    }

    function requestRedeem(uint256 shares, address controller, address owner) external returns (uint256) {
        require(!paused, "AsyncVault/paused");
        require(owner == msg.sender || isOperator[owner][msg.sender], "AsyncVault/invalid-owner");
        require(shares > 0, "AsyncVault/zero-amount-not-allowed");
        IERC20(share).safeTransferFrom(owner, address(this), shares);
        investments[controller].pendingRedeem += uint128(shares);
        emit RedeemRequest(controller, owner, REQUEST_ID, msg.sender, shares);
        return REQUEST_ID;
    }

    /// @notice Claims `assets` of a fulfilled deposit (all of the claimable shares, pro rata).
    function deposit(uint256 assets, address receiver, address controller)
        public
        authorized(controller)
        returns (uint256 shares)
    {
        State storage s = investments[controller];
        require(assets > 0 && assets <= s.claimableDepositAssets, "AsyncVault/exceeds-max-deposit");
        shares = (uint256(s.claimableDepositShares) * assets) / s.claimableDepositAssets;
        s.claimableDepositShares -= uint128(shares);
        s.claimableDepositAssets -= uint128(assets);
        IERC20(share).safeTransfer(receiver, shares);
        emit Deposit(receiver, controller, assets, shares);
    }

    function mint(uint256 shares, address receiver, address controller)
        external
        authorized(controller)
        returns (uint256 assets)
    {
        State storage s = investments[controller];
        require(shares > 0 && shares <= s.claimableDepositShares, "AsyncVault/exceeds-max-mint");
        assets = (uint256(s.claimableDepositAssets) * shares) / s.claimableDepositShares;
        s.claimableDepositShares -= uint128(shares);
        s.claimableDepositAssets -= uint128(assets);
        IERC20(share).safeTransfer(receiver, shares);
        emit Deposit(receiver, controller, assets, shares);
    }

    function redeem(uint256 shares, address receiver, address controller)
        external
        authorized(controller)
        returns (uint256 assets)
    {
        State storage s = investments[controller];
        require(shares > 0 && shares <= s.claimableRedeemShares, "AsyncVault/exceeds-max-redeem");
        assets = (uint256(s.claimableRedeemAssets) * shares) / s.claimableRedeemShares;
        s.claimableRedeemShares -= uint128(shares);
        s.claimableRedeemAssets -= uint128(assets);
        IERC20(asset).safeTransfer(receiver, assets);
        emit Withdraw(msg.sender, receiver, controller, assets, shares);
    }

    function withdraw(uint256 assets, address receiver, address controller)
        external
        authorized(controller)
        returns (uint256 shares)
    {
        State storage s = investments[controller];
        require(assets > 0 && assets <= s.claimableRedeemAssets, "AsyncVault/exceeds-max-withdraw");
        shares = (uint256(s.claimableRedeemShares) * assets) / s.claimableRedeemAssets;
        s.claimableRedeemShares -= uint128(shares);
        s.claimableRedeemAssets -= uint128(assets);
        IERC20(asset).safeTransfer(receiver, assets);
        emit Withdraw(msg.sender, receiver, controller, assets, shares);
    }

    // ---- manager (investment manager role) ----

    /// @notice Fulfils `controller`'s whole pending deposit at the current price; the assets go to the manager.
    function fulfillDepositRequest(address controller) external onlyManager returns (uint256 shares) {
        State storage s = investments[controller];
        uint256 assets = s.pendingDeposit;
        require(assets > 0, "AsyncVault/no-pending-request");
        shares = convertToShares(assets);
        require(shares <= IERC20(share).balanceOf(address(this)), "AsyncVault/insufficient-share-float");
        s.pendingDeposit = 0;
        s.claimableDepositAssets += uint128(assets);
        s.claimableDepositShares += uint128(shares);
        IERC20(asset).safeTransfer(manager, assets);
        emit DepositClaimable(controller, REQUEST_ID, assets, shares);
    }

    /// @notice Fulfils `controller`'s whole pending redemption at the current price, paid from the manager's USDC.
    function fulfillRedeemRequest(address controller) external onlyManager returns (uint256 assets) {
        State storage s = investments[controller];
        uint256 shares = s.pendingRedeem;
        require(shares > 0, "AsyncVault/no-pending-request");
        assets = convertToAssets(shares);
        IERC20(asset).safeTransferFrom(manager, address(this), assets);
        s.pendingRedeem = 0;
        s.claimableRedeemShares += uint128(shares);
        s.claimableRedeemAssets += uint128(assets);
        emit RedeemClaimable(controller, REQUEST_ID, assets, shares);
    }

    function setPaused(bool paused_) external onlyManager {
        paused = paused_;
        emit PauseChanged(paused_);
    }
}
