// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title EulerIrmLinearKinkTwin
/// @notice The Euler Vault Kit's linear-kink interest rate model, written from its public interface
///         (`constructor(baseRate, slope1, slope2, uint32 kink)`, `computeInterestRate(vault, cash, borrows)`,
///         `computeInterestRateView`) and documented behaviour, not Euler's code. Utilisation is
///         borrows / (cash + borrows) on EVK's uint32 scale (type(uint32).max = 100 %); the rate is `baseRate`
///         plus `slope1` per unit of utilisation up to `kink`, then `slope2` per unit above it. Rates are per
///         second in ray (1e27), as EVK's are.
contract EulerIrmLinearKinkTwin {
    uint256 public immutable baseRate;
    uint256 public immutable slope1;
    uint256 public immutable slope2;
    /// @notice utilisation where the slope changes, type(uint32).max = 100 %
    uint256 public immutable kink;

    error E_IRMUpdateUnauthorized();

    constructor(uint256 baseRate_, uint256 slope1_, uint256 slope2_, uint32 kink_) {
        baseRate = baseRate_;
        slope1 = slope1_;
        slope2 = slope2_;
        kink = kink_;
    }

    function computeInterestRate(address vault, uint256 cash, uint256 borrows) external view returns (uint256) {
        if (msg.sender != vault) revert E_IRMUpdateUnauthorized();
        return computeInterestRateView(vault, cash, borrows);
    }

    function computeInterestRateView(address, uint256 cash, uint256 borrows) public view returns (uint256) {
        uint256 total = cash + borrows;
        uint256 utilisation = total == 0 ? 0 : (borrows * type(uint32).max) / total;
        if (utilisation <= kink) return baseRate + utilisation * slope1;
        return baseRate + kink * slope1 + (utilisation - kink) * slope2;
    }
}
