// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SkyWards} from "./sky/SkyWards.sol";

interface IUsdsMint {
    function mint(address to, uint256 value) external;
}

/// @title SUsdsTwin
/// @notice OURS, not Sky's: a twin of sUSDS ("Savings USDS"), an ERC-4626 over USDS whose share price is the
///         savings rate accumulator `chi` (RAY), compounded every second at `ssr` (RAY per second) since `rho`, as
///         SUsds.sol does: `drip()` brings `chi` to now and mints the interest owed to all shares (mainnet draws it
///         from the Vat through the USDS join; here the twin, a ward of USDS, mints it to itself). Conversions and
///         rounding follow SUsds.sol: shares = assets × RAY ÷ chi rounded down on deposit and redeem, up on mint
///         and withdraw. `file("ssr", rate)` by a ward, after a drip. `wards`/`rely`/`deny` as Sky's contracts.
///         Simplified: no referral-code overloads, no permit, no upgradeability.
/// @dev Deployed through the CREATE2 factory (constructor state).
contract SUsdsTwin is ERC20, SkyWards {
    using SafeERC20 for IERC20;

    uint256 internal constant RAY = 10 ** 27;
    address public immutable usds;
    uint192 public chi;
    uint64 public rho;
    uint256 public ssr;

    event File(bytes32 indexed what, uint256 data);
    event Drip(uint256 chi, uint256 diff);
    event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares);
    event Withdraw(
        address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares
    );

    error UnrecognisedParam(bytes32 what);
    error InsufficientBalance();

    constructor(address usds_, address ward, uint256 ssr_) ERC20("Savings USDS", "sUSDS") SkyWards(ward) {
        usds = usds_;
        chi = uint192(RAY);
        rho = uint64(block.timestamp);
        ssr = ssr_;
    }

    function file(bytes32 what, uint256 data) external auth {
        if (what != "ssr") revert UnrecognisedParam(what);
        drip();
        ssr = data;
        emit File(what, data);
    }

    /// @dev x^n in RAY fixed point (MakerDAO's rpow), by squaring.
    function _rpow(uint256 x, uint256 n) internal pure returns (uint256 z) {
        z = n % 2 != 0 ? x : RAY;
        for (n /= 2; n != 0; n /= 2) {
            x = x * x / RAY;
            if (n % 2 != 0) z = z * x / RAY;
        }
    }

    function _chiNow() internal view returns (uint256) {
        return block.timestamp > rho ? _rpow(ssr, block.timestamp - rho) * chi / RAY : chi;
    }

    function drip() public returns (uint256 nChi) {
        uint256 chi_ = chi;
        nChi = _chiNow();
        uint256 diff;
        if (block.timestamp > rho) {
            diff = totalSupply() * nChi / RAY - totalSupply() * chi_ / RAY;
            chi = uint192(nChi);
            rho = uint64(block.timestamp);
            if (diff > 0) IUsdsMint(usds).mint(address(this), diff);
        }
        emit Drip(nChi, diff);
    }

    // --- ERC-4626 ---
    function asset() external view returns (address) {
        return usds;
    }

    function totalAssets() external view returns (uint256) {
        return convertToAssets(totalSupply());
    }

    function convertToShares(uint256 assets) public view returns (uint256) {
        return assets * RAY / _chiNow();
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        return shares * _chiNow() / RAY;
    }

    function maxDeposit(address) external pure returns (uint256) {
        return type(uint256).max;
    }

    function previewDeposit(uint256 assets) external view returns (uint256) {
        return convertToShares(assets);
    }

    function maxMint(address) external pure returns (uint256) {
        return type(uint256).max;
    }

    function previewMint(uint256 shares) public view returns (uint256) {
        return _divup(shares * _chiNow(), RAY);
    }

    function maxWithdraw(address owner) external view returns (uint256) {
        return convertToAssets(balanceOf(owner));
    }

    function previewWithdraw(uint256 assets) public view returns (uint256) {
        return _divup(assets * RAY, _chiNow());
    }

    function maxRedeem(address owner) external view returns (uint256) {
        return balanceOf(owner);
    }

    function previewRedeem(uint256 shares) external view returns (uint256) {
        return convertToAssets(shares);
    }

    function deposit(uint256 assets, address receiver) external returns (uint256 shares) {
        shares = assets * RAY / drip();
        _enter(assets, shares, receiver);
    }

    function mint(uint256 shares, address receiver) external returns (uint256 assets) {
        assets = _divup(shares * drip(), RAY);
        _enter(assets, shares, receiver);
    }

    function withdraw(uint256 assets, address receiver, address owner) external returns (uint256 shares) {
        shares = _divup(assets * RAY, drip());
        _exit(assets, shares, receiver, owner);
    }

    function redeem(uint256 shares, address receiver, address owner) external returns (uint256 assets) {
        assets = shares * drip() / RAY;
        _exit(assets, shares, receiver, owner);
    }

    function _enter(uint256 assets, uint256 shares, address receiver) internal {
        IERC20(usds).safeTransferFrom(msg.sender, address(this), assets);
        _mint(receiver, shares);
        emit Deposit(msg.sender, receiver, assets, shares);
    }

    function _exit(uint256 assets, uint256 shares, address receiver, address owner) internal {
        if (balanceOf(owner) < shares) revert InsufficientBalance();
        if (owner != msg.sender) _spendAllowance(owner, msg.sender, shares);
        _burn(owner, shares);
        IERC20(usds).safeTransfer(receiver, assets);
        emit Withdraw(msg.sender, receiver, owner, assets, shares);
    }

    function _divup(uint256 x, uint256 y) internal pure returns (uint256) {
        return (x + y - 1) / y;
    }
}
