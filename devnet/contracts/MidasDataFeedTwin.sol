// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PriceModel} from "./rwa/PriceModel.sol";

/// @title MidasDataFeedTwin
/// @notice The devnet's twin of Midas's `DataFeed` (the mToken/USD rate a Midas vault prices with): same read
///         interface (`getDataInBase18`), with the rate taken from the devnet's seeded price model instead of a
///         Chainlink-compatible aggregator the issuer updates, so the NAV keeps following PriceModel with no keeper.
contract MidasDataFeedTwin {
    uint256 public immutable seed;
    uint256 public immutable p0;
    uint64 public immutable t0;
    uint32 public immutable apyBps;
    uint32 public immutable volBps;

    constructor(PriceModel.Params memory p) {
        require(p.p0 > 0 && p.volBps <= PriceModel.MAX_VOL_BPS, "DF: bad params");
        seed = p.seed;
        p0 = p.p0;
        t0 = p.t0;
        apyBps = p.apyBps;
        volBps = p.volBps;
    }

    function params() public view returns (PriceModel.Params memory) {
        return PriceModel.Params({seed: seed, p0: p0, t0: t0, apyBps: apyBps, volBps: volBps});
    }

    /// @notice The rate now, USD per whole mToken, 18 decimals (Midas `IDataFeed.getDataInBase18`).
    function getDataInBase18() external view returns (uint256) {
        return PriceModel.price(params(), block.timestamp);
    }

    /// @notice The rate at time t (the API derives price history from the same model).
    function rateAt(uint256 t) external view returns (uint256) {
        return PriceModel.price(params(), t);
    }
}
