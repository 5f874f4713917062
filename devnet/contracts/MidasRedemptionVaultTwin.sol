// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MidasManageableVaultTwin} from "./midas/MidasManageableVaultTwin.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title MidasRedemptionVaultTwin
/// @notice The devnet's faithful build of Midas's `RedemptionVault` interface: `redeemInstant(tokenOut,
///         amountMTokenIn, minReceiveAmount)` pays the payment token at the data feed's rate less fees at once,
///         within the instant daily limit and the vault's liquidity; `redeemRequest(tokenOut, amountMTokenIn)`
///         takes the mTokens and records a request (`redeemRequests(id)`: sender, tokenOut, status, amountMToken,
///         mTokenRate, tokenOutRate) that the vault admin approves (`approveRequest(id, newMTokenRate)`, paying at
///         that rate) or rejects. Amounts are base 18.
/// @dev Redeemed mTokens stay with the vault (Midas burns them; the devnet's RwaToken burns only its issuer's
///      own balance). A rejected request returns the mTokens to the sender. See devnet/README.md.
contract MidasRedemptionVaultTwin is MidasManageableVaultTwin {
    struct Request {
        address sender;
        address tokenOut;
        RequestStatus status;
        uint256 amountMToken;
        uint256 mTokenRate;
        uint256 tokenOutRate;
    }

    mapping(uint256 => Request) public redeemRequests;
    /// @dev the fee (base 18, mToken) taken from each request
    mapping(uint256 => uint256) public requestFee;

    event RedeemInstant(address indexed user, address indexed tokenOut, uint256 amount, uint256 feeAmount, uint256 amountTokenOut);
    event RedeemRequest(uint256 indexed requestId, address indexed user, address indexed tokenOut, uint256 amountMTokenIn, uint256 feeAmount);
    event ApproveRequest(uint256 indexed requestId, uint256 newMTokenRate);
    event RejectRequest(uint256 indexed requestId, address indexed user);

    constructor(address mToken_, address dataFeed_, address admin_, uint256 instantFee_, uint256 dailyLimit_, uint256 minAmount_)
        MidasManageableVaultTwin(mToken_, dataFeed_, admin_, instantFee_, dailyLimit_, minAmount_)
    {}

    /// @notice Payment token (base 18) `amountMTokenIn` redeems now, and the fee (base 18, mToken).
    function previewRedeemInstant(address tokenOut, uint256 amountMTokenIn) public view returns (uint256 amountOut, uint256 fee) {
        _requireToken(tokenOut);
        fee = _fee(tokenOut, amountMTokenIn, true);
        amountOut = ((amountMTokenIn - fee) * mTokenRate()) / _tokenRate(tokenOut);
    }

    /// @notice What the vault can pay out in `tokenOut` now (base 18).
    function liquidity(address tokenOut) public view returns (uint256) {
        uint256 raw = IERC20(tokenOut).balanceOf(address(this));
        return (raw * 1e18) / _tokenAmount(tokenOut, 1e18);
    }

    function redeemInstant(address tokenOut, uint256 amountMTokenIn, uint256 minReceiveAmount)
        external
        whenFnNotPaused(this.redeemInstant.selector)
        onlyAllowed
    {
        require(amountMTokenIn >= minAmount, "RV: amount < min");
        (uint256 amountOut, uint256 fee) = previewRedeemInstant(tokenOut, amountMTokenIn);
        require(amountOut >= minReceiveAmount, "RV: minReceiveAmount > actual");
        require(amountOut <= liquidity(tokenOut), "RV: not enough liquidity");
        _requireAndUpdateLimit(amountMTokenIn);
        _pull(mToken, msg.sender, address(this), amountMTokenIn);
        _push(tokenOut, msg.sender, amountOut);
        emit RedeemInstant(msg.sender, tokenOut, amountMTokenIn, fee, amountOut);
    }

    function redeemRequest(address tokenOut, uint256 amountMTokenIn)
        external
        whenFnNotPaused(this.redeemRequest.selector)
        onlyAllowed
        returns (uint256 requestId)
    {
        require(amountMTokenIn >= minAmount, "RV: amount < min");
        _requireToken(tokenOut);
        uint256 fee = _fee(tokenOut, amountMTokenIn, false);
        _pull(mToken, msg.sender, address(this), amountMTokenIn);
        requestId = currentRequestId++;
        redeemRequests[requestId] =
            Request(msg.sender, tokenOut, RequestStatus.Pending, amountMTokenIn - fee, mTokenRate(), _tokenRate(tokenOut));
        requestFee[requestId] = fee;
        emit RedeemRequest(requestId, msg.sender, tokenOut, amountMTokenIn, fee);
    }

    /// @notice Payment token (base 18) request `requestId` pays at `newMTokenRate`.
    function previewApprove(uint256 requestId, uint256 newMTokenRate) public view returns (uint256) {
        Request storage r = redeemRequests[requestId];
        return (r.amountMToken * newMTokenRate) / r.tokenOutRate;
    }

    function approveRequest(uint256 requestId, uint256 newMTokenRate) external onlyVaultAdmin {
        Request storage r = redeemRequests[requestId];
        require(r.sender != address(0), "RV: request not exist");
        require(r.status == RequestStatus.Pending, "RV: request not pending");
        require(newMTokenRate > 0, "RV: invalid rate");
        uint256 amountOut = previewApprove(requestId, newMTokenRate);
        require(amountOut <= liquidity(r.tokenOut), "RV: not enough liquidity");
        r.status = RequestStatus.Processed;
        r.mTokenRate = newMTokenRate;
        _push(r.tokenOut, r.sender, amountOut);
        emit ApproveRequest(requestId, newMTokenRate);
    }

    function rejectRequest(uint256 requestId) external onlyVaultAdmin {
        Request storage r = redeemRequests[requestId];
        require(r.sender != address(0), "RV: request not exist");
        require(r.status == RequestStatus.Pending, "RV: request not pending");
        r.status = RequestStatus.Canceled;
        _push(mToken, r.sender, r.amountMToken + requestFee[requestId]);
        emit RejectRequest(requestId, r.sender);
    }
}
