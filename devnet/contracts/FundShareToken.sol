// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title FundShareToken
/// @notice Shares of the sandbox government money-market fund. SANDBOX TOKEN — NO ECONOMIC VALUE.
///         Like the real permissioned fund tokens, shares are minted only by the issuer (at its NAV cycle,
///         never inside a subscriber's transaction) and move only between allow-listed holders and the
///         issuer, so a redemption is a transfer of shares back to the issuer.
contract FundShareToken is ERC20 {
    string public constant NOTICE = "Sandbox token with no economic value";

    address public issuer;
    mapping(address => bool) public allowed;

    event AllowListUpdated(address indexed account, bool allowed);

    error NotIssuer();
    error NotAllowListed(address account);

    constructor(string memory name_, string memory symbol_, address issuer_) ERC20(name_, symbol_) {
        issuer = issuer_;
    }

    modifier onlyIssuer() {
        if (msg.sender != issuer) revert NotIssuer();
        _;
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function setAllowed(address account, bool isAllowed) external onlyIssuer {
        allowed[account] = isAllowed;
        emit AllowListUpdated(account, isAllowed);
    }

    function mint(address to, uint256 amount) external onlyIssuer {
        _mint(to, amount);
    }

    /// @notice Burns redeemed shares the issuer holds.
    function burn(uint256 amount) external onlyIssuer {
        _burn(msg.sender, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && from != issuer && !allowed[from]) revert NotAllowListed(from);
        if (to != address(0) && to != issuer && !allowed[to]) revert NotAllowListed(to);
        super._update(from, to, value);
    }
}
