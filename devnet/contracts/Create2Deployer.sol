// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Create2Deployer
/// @notice Deterministic deployment factory with the calling convention of the Safe singleton factory:
///         calldata = salt (32 bytes) ‖ init code; the reply is the new contract's address (20 bytes).
/// @dev The devnet places this runtime code at 0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7. CREATE2
///      addresses depend only on the deployer address, salt and init code, so deploying the official
///      Safe v1.4.1 init code with salt 0 from here lands on the canonical Safe addresses.
contract Create2Deployer {
    fallback(bytes calldata input) external payable returns (bytes memory) {
        require(input.length >= 32, "Create2Deployer: missing salt");
        bytes32 salt = bytes32(input[:32]);
        bytes memory initCode = input[32:];
        address deployed;
        assembly {
            deployed := create2(callvalue(), add(initCode, 0x20), mload(initCode), salt)
        }
        require(deployed != address(0), "Create2Deployer: deployment failed");
        // Raw 20 bytes, not ABI-encoded: the same reply shape as the Safe singleton factory.
        return abi.encodePacked(deployed);
    }
}
