// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SkyWards
/// @notice Sky's authorisation pattern, as its contracts carry it: `wards(usr)` = 1 may call `auth` functions;
///         a ward `rely`s or `deny`s others (`Rely`/`Deny` events).
abstract contract SkyWards {
    mapping(address => uint256) public wards;

    event Rely(address indexed usr);
    event Deny(address indexed usr);

    error NotAuthorized();

    constructor(address ward) {
        wards[ward] = 1;
        emit Rely(ward);
    }

    modifier auth() {
        if (wards[msg.sender] != 1) revert NotAuthorized();
        _;
    }

    function rely(address usr) external auth {
        wards[usr] = 1;
        emit Rely(usr);
    }

    function deny(address usr) external auth {
        wards[usr] = 0;
        emit Deny(usr);
    }
}
