// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FiatTokenSignatures} from "./token/FiatTokenSignatures.sol";

/// @title FiatTokenTwin
/// @notice A behavioural twin of Circle's USDC (FiatToken v2.2) for the local devnet: 6-decimal ERC-20,
///         EIP-2612 permit, EIP-3009 authorizations, minters with allowances, pause and blacklist.
/// @dev The devnet writes this runtime code at the canonical USDC address of each chain with
///      anvil_setCode, so no constructor ever runs; `initialize` sets the storage exactly once.
contract FiatTokenTwin is FiatTokenSignatures {
    bool public initialized;

    function initialize(
        string calldata tokenName,
        string calldata tokenSymbol,
        string calldata domainVersion,
        uint8 tokenDecimals,
        address tokenOwner
    ) external {
        require(!initialized, "FiatToken: contract is already initialized");
        require(tokenOwner != address(0), "FiatToken: new owner is the zero address");
        initialized = true;
        name = tokenName;
        symbol = tokenSymbol;
        _domainVersion = domainVersion;
        decimals = tokenDecimals;
        owner = tokenOwner;
        emit OwnershipTransferred(address(0), tokenOwner);
    }
}
