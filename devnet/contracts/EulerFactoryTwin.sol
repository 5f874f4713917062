// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {EulerVaultTwin} from "./EulerVaultTwin.sol";

/// @title EulerFactoryTwin
/// @notice The Euler Vault Kit's GenericFactory interface as readers use it — `createProxy(desiredImplementation,
///         upgradeable, trailingData)` with EVK's trailing data `abi.encodePacked(asset, oracle, unitOfAccount)`,
///         `ProxyCreated`, `getProxyListLength`, `getProxyListSlice`, `isProxy` — written from that interface.
///         It creates EulerVaultTwin vaults (CREATE2, salt = asset and its vault count) rather than proxies
///         to an implementation, named as EVK names them ("EVK Vault eUSDC-1", "eUSDC-1"); the caller becomes
///         the vault's governor. Not Euler's code.
contract EulerFactoryTwin {
    address[] private proxyList;
    mapping(address => bool) public isProxy;
    mapping(address => uint256) public vaultsOf;

    event ProxyCreated(address indexed proxy, bool upgradeable, address implementation, bytes trailingData);

    function createProxy(address desiredImplementation, bool upgradeable, bytes memory trailingData)
        external
        returns (address proxy)
    {
        require(trailingData.length == 60, "E_BadTrailingData");
        address asset;
        address oracle;
        address unitOfAccount;
        assembly {
            asset := shr(96, mload(add(trailingData, 32)))
            oracle := shr(96, mload(add(trailingData, 52)))
            unitOfAccount := shr(96, mload(add(trailingData, 72)))
        }
        uint256 n = ++vaultsOf[asset];
        string memory symbol =
            string.concat("e", IERC20Metadata(asset).symbol(), "-", Strings.toString(n));
        proxy = address(
            new EulerVaultTwin{salt: keccak256(abi.encode(asset, n))}(
                IERC20(asset), oracle, unitOfAccount, msg.sender, string.concat("EVK Vault ", symbol), symbol
            )
        );
        isProxy[proxy] = true;
        proxyList.push(proxy);
        emit ProxyCreated(proxy, upgradeable, desiredImplementation, trailingData);
    }

    function getProxyListLength() external view returns (uint256) {
        return proxyList.length;
    }

    function getProxyListSlice(uint256 start, uint256 end) external view returns (address[] memory list) {
        if (end == type(uint256).max) end = proxyList.length;
        require(start <= end && end <= proxyList.length, "E_BadQuery");
        list = new address[](end - start);
        for (uint256 i; i < end - start; ++i) list[i] = proxyList[start + i];
    }
}
