// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

/// @title Erc4626Vault
/// @notice OpenZeppelin's ERC-4626 vault, unchanged: shares over one underlying asset. Its share price
///         rises when assets reach it without minting shares (the devnet's activity generator pays it yield),
///         as with any vault whose strategy earns. It stands for "any vault" — the API must manage it by
///         address alone.
/// @dev Deployed through the CREATE2 factory (never placed with anvil_setCode): OZ keeps the asset and
///      its decimals in immutables.
contract Erc4626Vault is ERC4626 {
    constructor(IERC20 asset_, string memory name_, string memory symbol_) ERC20(name_, symbol_) ERC4626(asset_) {}
}
