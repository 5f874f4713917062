// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

interface IMidasDataFeed {
    function getDataInBase18() external view returns (uint256);
}

/// @title MidasManageableVaultTwin
/// @notice The devnet's faithful build of the part of Midas's `ManageableVault` its deposit and redemption vaults
///         share: payment-token configs (`tokensConfig`: data feed, per-token fee, allowance, stable), the instant
///         fee, the instant daily limit (`dailyLimits(day)`), the minimum amount, per-function pause
///         (`fnPaused(selector)`, "Pausable: fn paused") and global pause, greenlist and blacklist, and a
///         request counter. Amounts of mTokens and payment tokens are in base 18, converted to the token's own
///         decimals on transfer, as in Midas. Admin (vault admin and request approver) is one address: the
///         devnet's `fund_issuer`.
/// @dev Not Midas's source (theirs is upgradeable behind MidasAccessControl); see devnet/README.md.
abstract contract MidasManageableVaultTwin {
    using SafeERC20 for IERC20;

    struct TokenConfig {
        address dataFeed;
        uint256 fee;
        uint256 allowance;
        bool stable;
    }

    enum RequestStatus {
        Pending,
        Processed,
        Canceled
    }

    uint256 public constant ONE_HUNDRED_PERCENT = 100 * 100;
    uint256 public constant STABLECOIN_RATE = 1e18;

    address public immutable mToken;
    address public immutable mTokenDataFeed;
    address public admin;
    uint256 public instantFee;
    uint256 public instantDailyLimit;
    uint256 public minAmount;
    uint256 public currentRequestId;
    bool public paused;
    bool public greenlistEnabled;
    mapping(uint256 => uint256) public dailyLimits;
    mapping(address => TokenConfig) public tokensConfig;
    mapping(bytes4 => bool) public fnPaused;
    mapping(address => bool) public greenlisted;
    mapping(address => bool) public blacklisted;

    event AddPaymentToken(address indexed caller, address indexed token, address indexed dataFeed, uint256 fee, bool stable);
    event SetInstantFee(address indexed caller, uint256 newFee);
    event SetInstantDailyLimit(address indexed caller, uint256 newLimit);
    event SetMinAmount(address indexed caller, uint256 newAmount);
    event PauseFn(address indexed caller, bytes4 fn);
    event UnpauseFn(address indexed caller, bytes4 fn);
    event Paused(address account);
    event Unpaused(address account);
    event WithdrawToken(address indexed caller, address indexed token, address indexed withdrawTo, uint256 amount);

    constructor(address mToken_, address dataFeed_, address admin_, uint256 instantFee_, uint256 dailyLimit_, uint256 minAmount_) {
        mToken = mToken_;
        mTokenDataFeed = dataFeed_;
        admin = admin_;
        instantFee = instantFee_;
        instantDailyLimit = dailyLimit_;
        minAmount = minAmount_;
    }

    modifier onlyVaultAdmin() {
        require(msg.sender == admin, "WMAC: hasnt role");
        _;
    }

    modifier whenFnNotPaused(bytes4 fn) {
        require(!paused, "Pausable: paused");
        require(!fnPaused[fn], "Pausable: fn paused");
        _;
    }

    modifier onlyAllowed() {
        require(!blacklisted[msg.sender], "WMAC: has role");
        require(!greenlistEnabled || greenlisted[msg.sender], "WMAC: hasnt role");
        _;
    }

    // ---- administration (vault admin) ----

    function addPaymentToken(address token, address dataFeed, uint256 fee, bool stable) external onlyVaultAdmin {
        require(tokensConfig[token].dataFeed == address(0) && !tokensConfig[token].stable, "MV: already added");
        require(fee <= ONE_HUNDRED_PERCENT, "fee > 100%");
        tokensConfig[token] = TokenConfig({dataFeed: dataFeed, fee: fee, allowance: type(uint256).max, stable: stable});
        emit AddPaymentToken(msg.sender, token, dataFeed, fee, stable);
    }

    function setInstantFee(uint256 newFee) external onlyVaultAdmin {
        require(newFee <= ONE_HUNDRED_PERCENT, "fee > 100%");
        instantFee = newFee;
        emit SetInstantFee(msg.sender, newFee);
    }

    function setInstantDailyLimit(uint256 newLimit) external onlyVaultAdmin {
        require(newLimit > 0, "MV: limit zero");
        instantDailyLimit = newLimit;
        emit SetInstantDailyLimit(msg.sender, newLimit);
    }

    function setMinAmount(uint256 newAmount) external onlyVaultAdmin {
        minAmount = newAmount;
        emit SetMinAmount(msg.sender, newAmount);
    }

    function pauseFn(bytes4 fn) external onlyVaultAdmin {
        require(!fnPaused[fn], "Pausable: fn paused");
        fnPaused[fn] = true;
        emit PauseFn(msg.sender, fn);
    }

    function unpauseFn(bytes4 fn) external onlyVaultAdmin {
        require(fnPaused[fn], "Pausable: fn unpaused");
        fnPaused[fn] = false;
        emit UnpauseFn(msg.sender, fn);
    }

    function pause() external onlyVaultAdmin {
        require(!paused, "Pausable: paused");
        paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external onlyVaultAdmin {
        require(paused, "Pausable: not paused");
        paused = false;
        emit Unpaused(msg.sender);
    }

    function setGreenlistEnable(bool enable) external onlyVaultAdmin {
        greenlistEnabled = enable;
    }

    function setGreenlisted(address account, bool value) external onlyVaultAdmin {
        greenlisted[account] = value;
    }

    function setBlacklisted(address account, bool value) external onlyVaultAdmin {
        blacklisted[account] = value;
    }

    function withdrawToken(address token, uint256 amount, address withdrawTo) external onlyVaultAdmin {
        IERC20(token).safeTransfer(withdrawTo, amount);
        emit WithdrawToken(msg.sender, token, withdrawTo, amount);
    }

    // ---- helpers ----

    function mTokenRate() public view returns (uint256 rate) {
        rate = IMidasDataFeed(mTokenDataFeed).getDataInBase18();
        require(rate > 0, "MV: rate zero");
    }

    function _tokenRate(address token) internal view returns (uint256) {
        TokenConfig storage c = tokensConfig[token];
        if (c.stable) return STABLECOIN_RATE;
        require(c.dataFeed != address(0), "MV: token not exists");
        return IMidasDataFeed(c.dataFeed).getDataInBase18();
    }

    function _requireToken(address token) internal view {
        require(tokensConfig[token].stable || tokensConfig[token].dataFeed != address(0), "MV: token not exists");
    }

    /// @dev fee in base 18 on `amount` (base 18): the token's fee, plus the instant fee when instant.
    function _fee(address token, uint256 amount, bool instant) internal view returns (uint256) {
        uint256 bps = tokensConfig[token].fee + (instant ? instantFee : 0);
        return (amount * bps) / ONE_HUNDRED_PERCENT;
    }

    function _requireAndUpdateLimit(uint256 amount) internal {
        uint256 day = block.timestamp / 1 days;
        uint256 next = dailyLimits[day] + amount;
        require(next <= instantDailyLimit, "MV: exceed limit");
        dailyLimits[day] = next;
    }

    function _tokenAmount(address token, uint256 base18) internal view returns (uint256) {
        uint8 d = IERC20Metadata(token).decimals();
        return d >= 18 ? base18 * 10 ** (d - 18) : base18 / 10 ** (18 - d);
    }

    function _pull(address token, address from, address to, uint256 base18) internal returns (uint256 raw) {
        raw = _tokenAmount(token, base18);
        require(raw > 0, "MV: invalid amount");
        IERC20(token).safeTransferFrom(from, to, raw);
    }

    function _push(address token, address to, uint256 base18) internal returns (uint256 raw) {
        raw = _tokenAmount(token, base18);
        IERC20(token).safeTransfer(to, raw);
    }
}
