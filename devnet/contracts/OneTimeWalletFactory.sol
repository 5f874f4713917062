// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OneTimeWallet} from "./OneTimeWallet.sol";

/// @title OneTimeWalletFactory
/// @notice Creates one-time deposit wallets for fiat on-ramp payments at addresses known before deployment
///         (CREATE2 over the owner and a per-payment salt) and delivers a payment in one transaction:
///         deploy the wallet, pull the USDC from the provider's treasury into it, forward it to the owner.
/// @dev The devnet deploys this factory through the Safe singleton factory, so its address is the same on
///      every chain and in every deployment built from the same source.
contract OneTimeWalletFactory {
    /// One delivery per wallet: a retried delivery transaction can never pay twice.
    mapping(address => bool) public delivered;

    event WalletDeployed(address indexed wallet, address indexed owner, bytes32 salt);
    event Delivered(address indexed wallet, address indexed owner, address indexed token, uint256 amount, bool forwarded);

    /// @notice The deposit address of (owner, salt), deployed or not.
    function walletAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 hash = keccak256(
            abi.encodePacked(bytes1(0xff), address(this), _salt(owner, salt), keccak256(type(OneTimeWallet).creationCode))
        );
        return address(uint160(uint256(hash)));
    }

    /// @notice Settles one payment: deploys the wallet if needed, moves `amount` of `token` from the caller into
    ///         it and forwards it to `owner`. When the token refuses the forward, the delivery still lands in the
    ///         wallet (`forwarded = false`) where only the owner can recover it.
    function deliver(address token, address owner, bytes32 salt, uint256 amount)
        external
        returns (address wallet, bool forwarded)
    {
        wallet = _deploy(owner, salt);
        require(!delivered[wallet], "OneTimeWalletFactory: already delivered");
        delivered[wallet] = true;
        (bool ok, bytes memory data) =
            token.call(abi.encodeWithSelector(0x23b872dd, msg.sender, wallet, amount));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "OneTimeWalletFactory: payment transfer failed");
        (forwarded,) = OneTimeWallet(payable(wallet)).forward(token);
        emit Delivered(wallet, owner, token, amount, forwarded);
    }

    /// @notice Retries the forward (e.g. once the token no longer blocks the owner). Anyone may call it; the
    ///         funds only ever go to the owner. Deploys the wallet first when funds were sent to it directly.
    function forward(address token, address owner, bytes32 salt) external returns (bool ok, uint256 amount) {
        return OneTimeWallet(payable(_deploy(owner, salt))).forward(token);
    }

    function _deploy(address owner, bytes32 salt) private returns (address wallet) {
        wallet = walletAddress(owner, salt);
        if (wallet.code.length > 0) return wallet;
        bytes memory code = type(OneTimeWallet).creationCode;
        bytes32 s = _salt(owner, salt);
        address deployed;
        assembly {
            deployed := create2(0, add(code, 0x20), mload(code), s)
        }
        require(deployed == wallet, "OneTimeWalletFactory: deployment failed");
        OneTimeWallet(payable(wallet)).initialize(owner);
        emit WalletDeployed(wallet, owner, salt);
    }

    /// The owner is part of the CREATE2 salt, so an address can only ever be deployed for its owner.
    function _salt(address owner, bytes32 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }
}
