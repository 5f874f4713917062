// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

interface IUsds {
    function mint(address to, uint256 value) external;
    function burn(address from, uint256 value) external;
}

/// @title UsdsPsmWrapperTwin
/// @notice OURS, not Sky's: a twin of Sky's UsdsPsmWrapper (the LitePSM for USDS) with its ABI — `sellGem(usr,
///         gemAmt)` takes the caller's gem (USDC) and gives `usr` USDS, `buyGem(usr, gemAmt)` takes the caller's
///         USDS and gives `usr` gem, 1:1 scaled by `to18ConversionFactor`, less the `tin`/`tout` fees (WAD; 0 as on
///         mainnet today), with `gem()`, `usds()`, `live()` and the `SellGem`/`BuyGem` events. The gem sits in the
///         twin itself (mainnet's `pocket`): `buyGem` beyond it reverts, as the real one does beyond its pocket.
///         Simplified: no debt ceiling (`buf`) on USDS minted, fees fixed at deployment.
/// @dev Deployed through the CREATE2 factory (constructor state); a ward of USDS.
contract UsdsPsmWrapperTwin {
    using SafeERC20 for IERC20;

    uint256 internal constant WAD = 10 ** 18;
    address public gem;
    address public usds;
    uint256 public to18ConversionFactor;
    uint256 public tin;
    uint256 public tout;
    uint256 public live = 1;

    event SellGem(address indexed owner, uint256 value, uint256 fee);
    event BuyGem(address indexed owner, uint256 value, uint256 fee);

    constructor(address gem_, address usds_) {
        gem = gem_;
        usds = usds_;
        to18ConversionFactor = 10 ** (18 - IERC20Metadata(gem_).decimals());
    }

    function pocket() external view returns (address) {
        return address(this);
    }

    function sellGem(address usr, uint256 gemAmt) external returns (uint256 usdsOutWad) {
        uint256 gemAmt18 = gemAmt * to18ConversionFactor;
        uint256 fee = gemAmt18 * tin / WAD;
        usdsOutWad = gemAmt18 - fee;
        IERC20(gem).safeTransferFrom(msg.sender, address(this), gemAmt);
        IUsds(usds).mint(usr, usdsOutWad);
        emit SellGem(usr, gemAmt, fee);
    }

    function buyGem(address usr, uint256 gemAmt) external returns (uint256 usdsInWad) {
        uint256 gemAmt18 = gemAmt * to18ConversionFactor;
        uint256 fee = gemAmt18 * tout / WAD;
        usdsInWad = gemAmt18 + fee;
        IUsds(usds).burn(msg.sender, usdsInWad);
        IERC20(gem).safeTransfer(usr, gemAmt);
        emit BuyGem(usr, gemAmt, fee);
    }
}
