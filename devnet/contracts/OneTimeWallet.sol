// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title OneTimeWallet
/// @notice The deposit wallet of exactly one fiat on-ramp payment. The on-ramp provider pays the purchase to
///         this address (before it holds code); OneTimeWalletFactory.deployAndForward deploys it and forwards the
///         USDC to the wallet's sole owner — the buyer's own wallet. Nobody but the owner can ever move funds
///         anywhere else.
/// @dev Deployed by OneTimeWalletFactory with CREATE2 and no constructor arguments, so the init code hash is a
///      constant and the address depends only on (factory, owner, salt). The owner is set once by the factory
///      in the deploying transaction. Storage instead of immutables keeps the devnet's build rules simple.
contract OneTimeWallet {
    address public factory;
    address public owner;

    event Forwarded(address indexed token, address indexed owner, uint256 amount);
    event Recovered(address indexed token, address indexed to, uint256 amount);

    constructor() {
        factory = msg.sender;
    }

    function initialize(address walletOwner) external {
        require(msg.sender == factory, "OneTimeWallet: only the factory");
        require(owner == address(0), "OneTimeWallet: already initialized");
        require(walletOwner != address(0), "OneTimeWallet: zero owner");
        owner = walletOwner;
    }

    /// @notice Sends the whole balance of `token` to the owner. Anyone may call it: the funds can only go to
    ///         the owner. Returns `ok = false` rather than reverting when the token refuses (paused, owner
    ///         blacklisted), so the funds stay here for the owner to `recover`.
    function forward(address token) external returns (bool ok, uint256 amount) {
        amount = _balanceOf(token);
        if (amount == 0) return (true, 0);
        ok = _transfer(token, owner, amount);
        if (ok) emit Forwarded(token, owner, amount);
    }

    /// @notice The owner's escape hatch: moves the whole balance of `token` (the zero address for ETH) to `to`,
    ///         e.g. a fresh address when the token blocks the owner itself.
    function recover(address token, address to) external returns (uint256 amount) {
        require(msg.sender == owner, "OneTimeWallet: only the owner");
        require(to != address(0), "OneTimeWallet: zero recipient");
        if (token == address(0)) {
            amount = address(this).balance;
            (bool sent,) = to.call{value: amount}("");
            require(sent, "OneTimeWallet: ETH transfer failed");
        } else {
            amount = _balanceOf(token);
            require(_transfer(token, to, amount), "OneTimeWallet: token transfer failed");
        }
        emit Recovered(token, to, amount);
    }

    receive() external payable {}

    function _balanceOf(address token) private view returns (uint256) {
        (bool ok, bytes memory data) = token.staticcall(abi.encodeWithSelector(0x70a08231, address(this)));
        require(ok && data.length >= 32, "OneTimeWallet: not a token");
        return abi.decode(data, (uint256));
    }

    /// Tolerates tokens that return nothing, like the common SafeERC20 pattern.
    function _transfer(address token, address to, uint256 amount) private returns (bool) {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        return ok && (data.length == 0 || abi.decode(data, (bool)));
    }
}
