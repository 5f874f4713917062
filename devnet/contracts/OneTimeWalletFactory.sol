// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OneTimeWallet} from "./OneTimeWallet.sol";

/// @title OneTimeWalletFactory
/// @notice Creates one-time deposit wallets for fiat on-ramp payments at addresses known before deployment
///         (CREATE2 over the recipient and a per-payment salt). The card provider only pays the address, with a
///         plain token transfer; a sponsor — anyone paying the gas — then calls `deployAndForward`, which
///         deploys the wallet if needed and sends its whole balance to the recipient the address commits to.
/// @dev No function here takes or moves anyone's funds but the wallet's, and those only to its recipient: the
///      recipient is part of the CREATE2 salt, so a caller naming another recipient names another (empty)
///      wallet. The devnet deploys this factory through the Safe singleton factory, so its address is the same
///      on every chain and in every deployment built from the same source.
contract OneTimeWalletFactory {
    event WalletDeployed(address indexed wallet, address indexed owner, bytes32 salt);

    /// @notice The deposit address of (recipient, salt), deployed or not.
    function walletAddress(address recipient, bytes32 salt) public view returns (address) {
        bytes32 hash = keccak256(
            abi.encodePacked(
                bytes1(0xff), address(this), _salt(recipient, salt), keccak256(type(OneTimeWallet).creationCode)
            )
        );
        return address(uint160(uint256(hash)));
    }

    /// @notice Deploys the wallet of (recipient, salt) when it holds no code yet and forwards its whole balance
    ///         of `token` to `recipient` (the wallet emits `Forwarded`). Permissionless: the funds can only go to
    ///         the recipient the address commits to. Forwarding an empty wallet is a no-op returning 0. Reverts
    ///         when the token refuses the transfer (paused, recipient blacklisted): the funds stay at the address,
    ///         and nothing can look forwarded that was not — not even a call given too little gas for the inner
    ///         transfer, which would otherwise fail silently.
    function deployAndForward(address token, address recipient, bytes32 salt)
        external
        returns (address wallet, uint256 amount)
    {
        wallet = _deploy(recipient, salt);
        bool ok;
        (ok, amount) = OneTimeWallet(payable(wallet)).forward(token);
        require(ok, "OneTimeWalletFactory: token refused the forward");
    }

    /// @notice Deploys the wallet of (recipient, salt) without forwarding, so a recipient the token blocks can
    ///         `recover` the funds to another address of theirs. Permissionless; a no-op once deployed.
    function deploy(address recipient, bytes32 salt) external returns (address wallet) {
        return _deploy(recipient, salt);
    }

    function _deploy(address recipient, bytes32 salt) private returns (address wallet) {
        wallet = walletAddress(recipient, salt);
        if (wallet.code.length > 0) return wallet;
        bytes memory code = type(OneTimeWallet).creationCode;
        bytes32 s = _salt(recipient, salt);
        address deployed;
        assembly {
            deployed := create2(0, add(code, 0x20), mload(code), s)
        }
        require(deployed == wallet, "OneTimeWalletFactory: deployment failed");
        OneTimeWallet(payable(wallet)).initialize(recipient);
        emit WalletDeployed(wallet, recipient, salt);
    }

    /// The recipient is part of the CREATE2 salt, so an address can only ever be deployed for its recipient.
    function _salt(address recipient, bytes32 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(recipient, salt));
    }
}
