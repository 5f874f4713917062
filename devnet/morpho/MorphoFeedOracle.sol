// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

import {IOracle} from "@morpho-org/morpho-blue/src/interfaces/IOracle.sol";

interface IFeed {
    function latestAnswer() external view returns (int256);
    function decimals() external view returns (uint8);
}

/// @title MorphoFeedOracle
/// @notice A Morpho Blue oracle over two Chainlink-style USD feeds (the devnet's PriceFeed contracts): the
///         price of one unit of collateral in loan-token units, scaled by 1e36 as IOracle requires —
///         what Morpho's own Chainlink oracle computes for a collateral/USD and loan/USD feed pair. Morpho
///         publishes no deployable oracle build on npm, so this is the devnet's, documented as such.
contract MorphoFeedOracle is IOracle {
    IFeed public immutable COLLATERAL_FEED;
    IFeed public immutable LOAN_FEED;
    uint256 public immutable SCALE_FACTOR;

    constructor(IFeed collateralFeed, uint8 collateralDecimals, IFeed loanFeed, uint8 loanDecimals) {
        COLLATERAL_FEED = collateralFeed;
        LOAN_FEED = loanFeed;
        // 1e36 · 10^(loan decimals + loan feed decimals) / 10^(collateral decimals + collateral feed decimals)
        SCALE_FACTOR = 10 ** (36 + loanDecimals + loanFeed.decimals() - collateralDecimals - collateralFeed.decimals());
    }

    function price() external view returns (uint256) {
        int256 collateral = COLLATERAL_FEED.latestAnswer();
        int256 loan = LOAN_FEED.latestAnswer();
        require(collateral > 0 && loan > 0, "MorphoFeedOracle: bad feed answer");
        return uint256(collateral) * SCALE_FACTOR / uint256(loan);
    }
}
