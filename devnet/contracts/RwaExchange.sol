// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {PriceModel} from "./rwa/PriceModel.sol";

/// @title RwaExchange
/// @notice The devnet's secondary market for tokenized assets: an oracle-anchored market maker that buys and
///         sells each listed token against USDC at its reference price (PriceModel, a function of
///         block.timestamp) plus/minus a spread, out of real inventory stocked by the market maker. A trade
///         reverts rather than fill beyond the inventory or below the caller's minimum.
/// @dev The token issuer (`pauser`) can pause a market, as RWA issuers can halt their tokens.
contract RwaExchange {
    using SafeERC20 for IERC20;

    struct Market {
        bool listed;
        bool paused;
        uint8 decimals;
        uint16 spreadBps;
        uint32 apyBps;
        uint32 volBps;
        uint64 t0;
        uint256 seed;
        uint256 p0;
    }

    IERC20 public usdc;
    address public owner;
    address public pauser;
    mapping(address => Market) public markets;
    address[] private _tokens;

    event MarketListed(address indexed token, uint256 seed, uint256 p0, uint64 t0, uint32 apyBps, uint32 volBps, uint16 spreadBps);
    event PauseChanged(address indexed token, bool paused);
    event Trade(
        address indexed token,
        address indexed trader,
        address indexed recipient,
        bool isBuy,
        uint256 usdcAmount,
        uint256 tokenAmount,
        uint256 price
    );

    error NotOwner();
    error NotPauser();
    error UnknownMarket(address token);
    error MarketPaused(address token);
    error ZeroAmount();
    error Slippage(uint256 amountOut, uint256 minAmountOut);
    error InsufficientLiquidity(address asset, uint256 needed, uint256 available);
    error BadParams();

    constructor(address usdc_, address owner_, address pauser_) {
        usdc = IERC20(usdc_);
        owner = owner_;
        pauser = pauser_;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    // ---- views ----

    function tokens() external view returns (address[] memory) {
        return _tokens;
    }

    function params(address token) public view returns (PriceModel.Params memory) {
        Market storage m = markets[token];
        if (!m.listed) revert UnknownMarket(token);
        return PriceModel.Params({seed: m.seed, p0: m.p0, t0: m.t0, apyBps: m.apyBps, volBps: m.volBps});
    }

    /// @notice Reference (mid) price at time t, USD per whole token, 18 decimals.
    function referencePrice(address token, uint256 t) public view returns (uint256) {
        return PriceModel.price(params(token), t);
    }

    function price(address token) external view returns (uint256) {
        return referencePrice(token, block.timestamp);
    }

    /// @notice Tokens (raw units) that `usdcIn` (raw) buys now.
    function quoteBuy(address token, uint256 usdcIn) public view returns (uint256) {
        Market storage m = markets[token];
        uint256 ask = (referencePrice(token, block.timestamp) * (PriceModel.BPS + m.spreadBps)) / PriceModel.BPS;
        return (usdcIn * (10 ** m.decimals) * PriceModel.ONE) / (ask * 1e6);
    }

    /// @notice USDC (raw) that selling `amountIn` tokens (raw) pays now.
    function quoteSell(address token, uint256 amountIn) public view returns (uint256) {
        Market storage m = markets[token];
        uint256 bid = (referencePrice(token, block.timestamp) * (PriceModel.BPS - m.spreadBps)) / PriceModel.BPS;
        return (amountIn * bid * 1e6) / ((10 ** m.decimals) * PriceModel.ONE);
    }

    // ---- trading ----

    function buy(address token, uint256 usdcIn, uint256 minAmountOut, address recipient) external returns (uint256 out) {
        _tradable(token, usdcIn);
        out = quoteBuy(token, usdcIn);
        if (out == 0) revert ZeroAmount();
        if (out < minAmountOut) revert Slippage(out, minAmountOut);
        uint256 available = IERC20(token).balanceOf(address(this));
        if (out > available) revert InsufficientLiquidity(token, out, available);
        usdc.safeTransferFrom(msg.sender, address(this), usdcIn);
        IERC20(token).safeTransfer(recipient, out);
        emit Trade(token, msg.sender, recipient, true, usdcIn, out, referencePrice(token, block.timestamp));
    }

    function sell(address token, uint256 amountIn, uint256 minUsdcOut, address recipient) external returns (uint256 out) {
        _tradable(token, amountIn);
        out = quoteSell(token, amountIn);
        if (out == 0) revert ZeroAmount();
        if (out < minUsdcOut) revert Slippage(out, minUsdcOut);
        uint256 available = usdc.balanceOf(address(this));
        if (out > available) revert InsufficientLiquidity(address(usdc), out, available);
        IERC20(token).safeTransferFrom(msg.sender, address(this), amountIn);
        usdc.safeTransfer(recipient, out);
        emit Trade(token, msg.sender, recipient, false, out, amountIn, referencePrice(token, block.timestamp));
    }

    function _tradable(address token, uint256 amount) private view {
        Market storage m = markets[token];
        if (!m.listed) revert UnknownMarket(token);
        if (m.paused) revert MarketPaused(token);
        if (amount == 0) revert ZeroAmount();
    }

    // ---- administration ----

    function list(address token, uint256 seed, uint256 p0, uint64 t0, uint32 apyBps, uint32 volBps, uint16 spreadBps)
        external
        onlyOwner
    {
        if (p0 == 0 || volBps > PriceModel.MAX_VOL_BPS || spreadBps >= 1_000) revert BadParams();
        if (!markets[token].listed) _tokens.push(token);
        markets[token] = Market({
            listed: true,
            paused: markets[token].paused,
            decimals: IERC20Metadata(token).decimals(),
            spreadBps: spreadBps,
            apyBps: apyBps,
            volBps: volBps,
            t0: t0,
            seed: seed,
            p0: p0
        });
        emit MarketListed(token, seed, p0, t0, apyBps, volBps, spreadBps);
    }

    function setPaused(address token, bool paused_) external {
        if (msg.sender != pauser && msg.sender != owner) revert NotPauser();
        if (!markets[token].listed) revert UnknownMarket(token);
        markets[token].paused = paused_;
        emit PauseChanged(token, paused_);
    }

    function withdraw(address asset, uint256 amount, address to) external onlyOwner {
        IERC20(asset).safeTransfer(to, amount);
    }
}
