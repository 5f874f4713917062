// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PriceModel
/// @notice The devnet's reference price of a tokenized asset as a pure function of time: NAV accrual at a
///         fixed APY times seeded "value noise" (four octaves of hashed knots, linearly interpolated).
///         Being a pure function of (params, t), the same price is known on chain (the exchange trades
///         around it) and off chain (the API derives price history and candles from it for any window),
///         and advancing the devnet clock moves it. No keeper, no oracle transactions.
/// @dev api/src/tokenized/price-model.ts mirrors this in TypeScript with identical integer arithmetic
///      (both truncate toward zero); a devnet test pins the two together.
library PriceModel {
    uint256 internal constant ONE = 1e18;
    uint256 internal constant YEAR = 365 days;
    uint256 internal constant BPS = 10_000;
    /// @dev volBps above this could push the noise factor (at most ±1.55 × vol) to zero or below.
    uint256 internal constant MAX_VOL_BPS = 6_000;

    struct Params {
        uint256 seed;
        /// @dev base price, USD per whole token, 18 decimals
        uint256 p0;
        uint64 t0;
        uint32 apyBps;
        uint32 volBps;
    }

    function price(Params memory p, uint256 t) internal pure returns (uint256) {
        uint256 dt = t > p.t0 ? t - p.t0 : 0;
        uint256 accrued = (p.p0 * growth(p.apyBps, dt)) / ONE;
        int256 factor = int256(ONE) + (noise(p.seed, dt) * int256(uint256(p.volBps))) / int256(BPS);
        return (accrued * uint256(factor)) / ONE;
    }

    /// @notice Simple-interest NAV growth since t0, 18 decimals.
    function growth(uint256 apyBps, uint256 dt) internal pure returns (uint256) {
        return ONE + (apyBps * dt * ONE) / (BPS * YEAR);
    }

    /// @notice Sum of the octaves, 18 decimals, within ±1.55.
    function noise(uint256 seed, uint256 dt) internal pure returns (int256 sum) {
        sum += octave(seed, 0, dt, 7 days, 10_000);
        sum += octave(seed, 1, dt, 1 days, 4_000);
        sum += octave(seed, 2, dt, 1 hours, 1_200);
        sum += octave(seed, 3, dt, 5 minutes, 300);
    }

    function octave(uint256 seed, uint256 o, uint256 dt, uint256 period, int256 weight)
        private
        pure
        returns (int256)
    {
        uint256 k = dt / period;
        int256 a = knot(seed, o, k);
        int256 b = knot(seed, o, k + 1);
        int256 v = a + ((b - a) * int256(dt % period)) / int256(period);
        return (v * weight) / int256(BPS);
    }

    /// @notice A pseudo-random value in [-1, 1] (18 decimals) for knot k of octave o.
    function knot(uint256 seed, uint256 o, uint256 k) internal pure returns (int256) {
        return int256(uint256(keccak256(abi.encode(seed, o, k))) % (2 * ONE + 1)) - int256(ONE);
    }
}
