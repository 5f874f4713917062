// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IStandardizedYield} from "@pendle/core-v2/contracts/interfaces/IStandardizedYield.sol";

/// @title PendleErc4626SY
/// @notice OURS, not Pendle's: a minimal Standardized Yield token (Pendle's `IStandardizedYield`, imported
///         from the Pendle core-v2 package) over one ERC-4626 vault. Pendle publishes its SY implementations in a
///         separate repository with no npm build, while everything else the devnet's Pendle market runs
///         on (yield contract factory, PT, YT, market, router) is deployed from the Pendle core-v2 package's own
///         artifacts. It behaves as Pendle's ERC-4626 SY does: one SY is one vault share (same decimals),
///         `exchangeRate()` is the vault's assets per 1e18 shares, tokens in and out are the vault's asset
///         and its shares. No rewards.
/// @dev Deployed through the CREATE2 factory (immutables).
contract PendleErc4626SY is ERC20, IStandardizedYield {
    using SafeERC20 for IERC20;

    address public immutable yieldToken;
    address public immutable asset;
    uint8 private immutable _decimals;

    error InvalidToken(address token);
    error InsufficientOut(uint256 actual, uint256 required);
    error ZeroAmount();

    constructor(string memory name_, string memory symbol_, address vault_) ERC20(name_, symbol_) {
        yieldToken = vault_;
        asset = IERC4626(vault_).asset();
        _decimals = IERC20Metadata(vault_).decimals();
        IERC20(asset).forceApprove(vault_, type(uint256).max);
    }

    function decimals() public view override(ERC20, IERC20Metadata) returns (uint8) {
        return _decimals;
    }

    function deposit(address receiver, address tokenIn, uint256 amountTokenToDeposit, uint256 minSharesOut)
        external
        payable
        returns (uint256 amountSharesOut)
    {
        if (!isValidTokenIn(tokenIn)) revert InvalidToken(tokenIn);
        if (amountTokenToDeposit == 0) revert ZeroAmount();
        IERC20(tokenIn).safeTransferFrom(msg.sender, address(this), amountTokenToDeposit);
        amountSharesOut = tokenIn == yieldToken
            ? amountTokenToDeposit
            : IERC4626(yieldToken).deposit(amountTokenToDeposit, address(this));
        if (amountSharesOut < minSharesOut) revert InsufficientOut(amountSharesOut, minSharesOut);
        _mint(receiver, amountSharesOut);
        emit Deposit(msg.sender, receiver, tokenIn, amountTokenToDeposit, amountSharesOut);
    }

    function redeem(
        address receiver,
        uint256 amountSharesToRedeem,
        address tokenOut,
        uint256 minTokenOut,
        bool burnFromInternalBalance
    ) external returns (uint256 amountTokenOut) {
        if (!isValidTokenOut(tokenOut)) revert InvalidToken(tokenOut);
        if (amountSharesToRedeem == 0) revert ZeroAmount();
        _burn(burnFromInternalBalance ? address(this) : msg.sender, amountSharesToRedeem);
        if (tokenOut == yieldToken) {
            amountTokenOut = amountSharesToRedeem;
            IERC20(yieldToken).safeTransfer(receiver, amountTokenOut);
        } else {
            amountTokenOut = IERC4626(yieldToken).redeem(amountSharesToRedeem, receiver, address(this));
        }
        if (amountTokenOut < minTokenOut) revert InsufficientOut(amountTokenOut, minTokenOut);
        emit Redeem(msg.sender, receiver, tokenOut, amountSharesToRedeem, amountTokenOut);
    }

    /// @notice The vault's assets per 1e18 shares, as Pendle's ERC-4626 SY computes it.
    function exchangeRate() external view returns (uint256) {
        return IERC4626(yieldToken).convertToAssets(1e18);
    }

    function claimRewards(address) external pure returns (uint256[] memory rewardAmounts) {
        return new uint256[](0);
    }

    function accruedRewards(address) external pure returns (uint256[] memory rewardAmounts) {
        return new uint256[](0);
    }

    function rewardIndexesCurrent() external pure returns (uint256[] memory indexes) {
        return new uint256[](0);
    }

    function rewardIndexesStored() external pure returns (uint256[] memory indexes) {
        return new uint256[](0);
    }

    function getRewardTokens() external pure returns (address[] memory) {
        return new address[](0);
    }

    function getTokensIn() external view returns (address[] memory res) {
        res = new address[](2);
        (res[0], res[1]) = (asset, yieldToken);
    }

    function getTokensOut() external view returns (address[] memory res) {
        res = new address[](2);
        (res[0], res[1]) = (asset, yieldToken);
    }

    function isValidTokenIn(address token) public view returns (bool) {
        return token == asset || token == yieldToken;
    }

    function isValidTokenOut(address token) public view returns (bool) {
        return token == asset || token == yieldToken;
    }

    function previewDeposit(address tokenIn, uint256 amountTokenToDeposit)
        external
        view
        returns (uint256 amountSharesOut)
    {
        if (!isValidTokenIn(tokenIn)) revert InvalidToken(tokenIn);
        return tokenIn == yieldToken ? amountTokenToDeposit : IERC4626(yieldToken).previewDeposit(amountTokenToDeposit);
    }

    function previewRedeem(address tokenOut, uint256 amountSharesToRedeem)
        external
        view
        returns (uint256 amountTokenOut)
    {
        if (!isValidTokenOut(tokenOut)) revert InvalidToken(tokenOut);
        return tokenOut == yieldToken ? amountSharesToRedeem : IERC4626(yieldToken).previewRedeem(amountSharesToRedeem);
    }

    function assetInfo() external view returns (AssetType assetType, address assetAddress, uint8 assetDecimals) {
        return (AssetType.TOKEN, asset, IERC20Metadata(asset).decimals());
    }
}
