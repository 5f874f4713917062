// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * Never deployed: the API places this runtime code at the address of the account a bundle runs from, by an
 * `eth_call` state override, so that what it reads while building step k sees the state steps 0..k-1 leave.
 * `simulateCalls` runs the calls in order from the account (msg.sender is the account, as when the account
 * executes the batch itself) and answers exactly what the last call answers, or reverts with exactly what a
 * failing call reverts with, so a read or a simulation decodes as if made directly.
 *
 * Plain ETH reaching the account is accepted here, as every account the API batches for accepts it — and within
 * the 2,300 gas a `transfer` forwards (WETH9's withdraw), which a delegatecall could not fit in. Anything else that
 * reaches the account (a token's receipt hook) runs the account's own code, which the same override places at
 * ACCOUNT_CODE: the 7702 delegate for an EOA, the account's own code for a smart account.
 */
contract BundleSimulator {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    address internal constant ACCOUNT_CODE = 0xC0De00000000000000000000000000000000C0DE;

    function simulateCalls(Call[] calldata calls) external payable {
        bytes memory last;
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool ok, bytes memory result) = calls[i].target.call{value: calls[i].value}(calls[i].data);
            if (!ok) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
            last = result;
        }
        assembly {
            return(add(last, 32), mload(last))
        }
    }

    /**
     * Runs every call in order from the account, a failing one reverting only its own effects, and answers each
     * one's outcome: which steps of a batch would fail, and why, on the state the ones before them leave.
     */
    function simulateEach(Call[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool ok, bytes memory result) = calls[i].target.call{value: calls[i].value}(calls[i].data);
            results[i] = Result(ok, result);
        }
    }

    receive() external payable {}

    fallback() external payable {
        address code = ACCOUNT_CODE;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), code, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) {
                revert(0, returndatasize())
            }
            return(0, returndatasize())
        }
    }
}
