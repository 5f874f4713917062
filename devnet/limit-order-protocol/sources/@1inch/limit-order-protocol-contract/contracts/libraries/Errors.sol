// SPDX-License-Identifier: MIT

pragma solidity ^0.8.0;

library Errors {
    error InvalidMsgValue();
    error ETHTransferFailed();
}
