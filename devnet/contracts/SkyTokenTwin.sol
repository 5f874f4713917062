// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {SkyWards} from "./sky/SkyWards.sol";

/// @title SkyTokenTwin
/// @notice OURS, not Sky's: a twin of Sky's stablecoins DAI and USDS (18 decimals) with their authorisation
///         interface — `wards`, `rely`, `deny` and the `Rely`/`Deny` events — and their supply calls: a ward
///         `mint`s; `burn(from, value)` burns the caller's own tokens, or another holder's within the allowance
///         it gave the caller, as Dai.sol and Usds.sol do. The converters (DaiUsds, the PSM wrapper) and sUSDS are
///         its wards, as the Join adapters are on mainnet. No permit.
/// @dev Deployed through the CREATE2 factory (constructor state).
contract SkyTokenTwin is ERC20, SkyWards {
    constructor(string memory name_, string memory symbol_, address ward) ERC20(name_, symbol_) SkyWards(ward) {}

    function mint(address to, uint256 value) external auth {
        _mint(to, value);
    }

    function burn(address from, uint256 value) external {
        if (from != msg.sender) _spendAllowance(from, msg.sender, value);
        _burn(from, value);
    }
}
