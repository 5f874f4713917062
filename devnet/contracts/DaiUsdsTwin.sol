// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface ISkyToken {
    function mint(address to, uint256 value) external;
    function burn(address from, uint256 value) external;
}

/// @title DaiUsdsTwin
/// @notice OURS, not Sky's: a twin of Sky's DaiUsds converter with its ABI — `daiToUsds(usr, wad)` and
///         `usdsToDai(usr, wad)`, 1:1, no fee, the `DaiToUsds`/`UsdsToDai` events. As on mainnet the caller must
///         have approved the converter for what it converts; the twin burns it and mints the other token to `usr`
///         (mainnet joins and exits through the Vat; the balances that result are the same).
/// @dev Deployed through the CREATE2 factory (constructor state); a ward of both tokens.
contract DaiUsdsTwin {
    address public dai;
    address public usds;

    event DaiToUsds(address indexed caller, address indexed usr, uint256 wad);
    event UsdsToDai(address indexed caller, address indexed usr, uint256 wad);

    constructor(address dai_, address usds_) {
        dai = dai_;
        usds = usds_;
    }

    function daiToUsds(address usr, uint256 wad) external {
        ISkyToken(dai).burn(msg.sender, wad);
        ISkyToken(usds).mint(usr, wad);
        emit DaiToUsds(msg.sender, usr, wad);
    }

    function usdsToDai(address usr, uint256 wad) external {
        ISkyToken(usds).burn(msg.sender, wad);
        ISkyToken(dai).mint(usr, wad);
        emit UsdsToDai(msg.sender, usr, wad);
    }
}
