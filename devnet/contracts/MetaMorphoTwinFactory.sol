// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MetaMorphoTwin} from "./MetaMorphoTwin.sol";

/// @title MetaMorphoTwinFactory
/// @notice Creates MetaMorphoTwin vaults with CREATE2 and emits `CreateMetaMorpho` with the signature of
///         MetaMorpho's factory, so a reader of that event (the API's vault discovery) finds them the same
///         way. Written from the factory's public ABI, not from Morpho's code.
contract MetaMorphoTwinFactory {
    address public immutable MORPHO;
    mapping(address => bool) public isMetaMorpho;

    event CreateMetaMorpho(
        address indexed metaMorpho,
        address indexed caller,
        address initialOwner,
        uint256 initialTimelock,
        address indexed asset,
        string name,
        string symbol,
        bytes32 salt
    );

    constructor(address morpho) {
        MORPHO = morpho;
    }

    function createMetaMorpho(
        address initialOwner,
        uint256 initialTimelock,
        address asset,
        string memory name,
        string memory symbol,
        bytes32 salt
    ) external returns (MetaMorphoTwin metaMorpho) {
        metaMorpho = new MetaMorphoTwin{salt: salt}(initialOwner, MORPHO, initialTimelock, asset, name, symbol);
        isMetaMorpho[address(metaMorpho)] = true;
        emit CreateMetaMorpho(address(metaMorpho), msg.sender, initialOwner, initialTimelock, asset, name, symbol, salt);
    }
}
