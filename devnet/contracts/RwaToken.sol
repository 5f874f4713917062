// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title RwaToken
/// @notice ERC-20 of a tokenized real-world asset on the devnet (mTBILL, mBASIS, mBTC, deSPXA…). Only the
///         token's issuer mints and burns; everyone else transfers freely, as with the real wrappers.
/// @dev Deployed through the CREATE2 factory, so the issuer is a constructor argument (msg.sender is the
///      factory) and decimals live in storage (the devnet compiler settings forbid immutables).
contract RwaToken is ERC20 {
    address public issuer;
    uint8 private _decimals;

    error NotIssuer();

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address issuer_) ERC20(name_, symbol_) {
        issuer = issuer_;
        _decimals = decimals_;
    }

    modifier onlyIssuer() {
        if (msg.sender != issuer) revert NotIssuer();
        _;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external onlyIssuer {
        _mint(to, amount);
    }

    function burn(uint256 amount) external onlyIssuer {
        _burn(msg.sender, amount);
    }
}
