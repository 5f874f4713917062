// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title AerodromeVoterTwin
/// @notice OURS, not Aerodrome's: what Slipstream's CLFactory and CLPool read from Aerodrome's governance, with the
///         interfaces they call — the Voter's `factoryRegistry()`, `gauges(pool)` and `isAlive(gauge)`, the
///         FactoryRegistry's `factoriesToPoolFactory(poolFactory)` (the gauge factory allowed to call a pool's
///         `setGaugeAndPositionManager`: here `gaugeFactory`, the devnet's deployer) and the legacy CL factory's
///         `getPool` (none). The devnet runs no gauges, votes or emissions: no pool has a gauge, so swaps pay the
///         whole fee to liquidity providers, as an unstaked Slipstream pool does.
/// @dev Deployed through the CREATE2 factory (constructor state).
contract AerodromeVoterTwin {
    address public gaugeFactory;

    constructor(address gaugeFactory_) {
        gaugeFactory = gaugeFactory_;
    }

    function factoryRegistry() external view returns (address) {
        return address(this);
    }

    function factoriesToPoolFactory(address) external view returns (address votingRewardsFactory, address gaugeFactory_) {
        return (address(0), gaugeFactory);
    }

    function gauges(address) external pure returns (address) {
        return address(0);
    }

    function isAlive(address) external pure returns (bool) {
        return false;
    }

    function getPool(address, address, int24) external pure returns (address) {
        return address(0);
    }
}
