// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MidasManageableVaultTwin} from "./midas/MidasManageableVaultTwin.sol";

/// @title MidasDepositVaultTwin
/// @notice The devnet's faithful build of Midas's `DepositVault` interface: `depositInstant(tokenIn, amountToken,
///         minReceiveAmount, referrerId)` issues mTokens at the data feed's rate less fees at once (within the
///         instant daily limit); `depositRequest(tokenIn, amountToken, referrerId)` records a request that the vault
///         admin approves (`approveRequest(id, newOutRate)`, issuing at that rate) or rejects (refunding the payment
///         token). Amounts are base 18. Payment tokens go to `tokensReceiver`.
/// @dev Issuance comes from a float of mTokens the issuer mints to the vault (the devnet's RwaToken mints only to
///      its issuer); Midas's vault mints through the mToken's minter role. See devnet/README.md.
contract MidasDepositVaultTwin is MidasManageableVaultTwin {
    struct Request {
        address sender;
        address tokenIn;
        RequestStatus status;
        uint256 depositedUsdAmount;
        uint256 usdAmountWithoutFees;
        uint256 tokenOutRate;
    }

    address public immutable tokensReceiver;
    mapping(uint256 => Request) public mintRequests;
    /// @dev payment tokens held for pending requests (refunded on rejection)
    mapping(uint256 => uint256) public requestAmountToken;

    event DepositInstant(
        address indexed user, address indexed tokenIn, uint256 amountUsd, uint256 amountToken, uint256 fee, uint256 minted, bytes32 referrerId
    );
    event DepositRequest(
        uint256 indexed requestId,
        address indexed user,
        address indexed tokenIn,
        uint256 amountToken,
        uint256 amountUsd,
        uint256 fee,
        uint256 tokenOutRate,
        bytes32 referrerId
    );
    event ApproveRequest(uint256 indexed requestId, uint256 newOutRate);
    event RejectRequest(uint256 indexed requestId, address indexed user);

    constructor(
        address mToken_,
        address dataFeed_,
        address admin_,
        address tokensReceiver_,
        uint256 instantFee_,
        uint256 dailyLimit_,
        uint256 minAmount_
    ) MidasManageableVaultTwin(mToken_, dataFeed_, admin_, instantFee_, dailyLimit_, minAmount_) {
        tokensReceiver = tokensReceiver_;
    }

    /// @notice mTokens (base 18) `amountToken` of `tokenIn` (base 18) issues now, and the fee (base 18, tokenIn).
    function previewDepositInstant(address tokenIn, uint256 amountToken) public view returns (uint256 minted, uint256 fee) {
        _requireToken(tokenIn);
        fee = _fee(tokenIn, amountToken, true);
        uint256 usd = ((amountToken - fee) * _tokenRate(tokenIn)) / 1e18;
        minted = (usd * 1e18) / mTokenRate();
    }

    function depositInstant(address tokenIn, uint256 amountToken, uint256 minReceiveAmount, bytes32 referrerId)
        external
        whenFnNotPaused(this.depositInstant.selector)
        onlyAllowed
    {
        require(amountToken > 0, "DV: invalid amount");
        (uint256 minted, uint256 fee) = previewDepositInstant(tokenIn, amountToken);
        require(minted >= minAmount, "DV: mToken amount < min");
        require(minted >= minReceiveAmount, "DV: minReceiveAmount > actual");
        _requireAndUpdateLimit(minted);
        _pull(tokenIn, msg.sender, tokensReceiver, amountToken);
        _issue(msg.sender, minted);
        uint256 amountUsd = (amountToken * _tokenRate(tokenIn)) / 1e18;
        emit DepositInstant(msg.sender, tokenIn, amountUsd, amountToken, fee, minted, referrerId);
    }

    function depositRequest(address tokenIn, uint256 amountToken, bytes32 referrerId)
        external
        whenFnNotPaused(this.depositRequest.selector)
        onlyAllowed
        returns (uint256 requestId)
    {
        require(amountToken > 0, "DV: invalid amount");
        _requireToken(tokenIn);
        uint256 fee = _fee(tokenIn, amountToken, false);
        uint256 rate = _tokenRate(tokenIn);
        uint256 usd = (amountToken * rate) / 1e18;
        uint256 usdNet = ((amountToken - fee) * rate) / 1e18;
        uint256 outRate = mTokenRate();
        require((usdNet * 1e18) / outRate >= minAmount, "DV: mToken amount < min");
        // held by the vault until approved (then forwarded to tokensReceiver) or rejected (refunded)
        _pull(tokenIn, msg.sender, address(this), amountToken);
        requestId = currentRequestId++;
        mintRequests[requestId] = Request(msg.sender, tokenIn, RequestStatus.Pending, usd, usdNet, outRate);
        requestAmountToken[requestId] = amountToken;
        emit DepositRequest(requestId, msg.sender, tokenIn, amountToken, usd, fee, outRate, referrerId);
    }

    function approveRequest(uint256 requestId, uint256 newOutRate) external onlyVaultAdmin {
        Request storage r = mintRequests[requestId];
        require(r.sender != address(0), "DV: request not exist");
        require(r.status == RequestStatus.Pending, "DV: request not pending");
        require(newOutRate > 0, "DV: invalid rate");
        r.status = RequestStatus.Processed;
        r.tokenOutRate = newOutRate;
        _push(r.tokenIn, tokensReceiver, requestAmountToken[requestId]);
        _issue(r.sender, (r.usdAmountWithoutFees * 1e18) / newOutRate);
        emit ApproveRequest(requestId, newOutRate);
    }

    function rejectRequest(uint256 requestId) external onlyVaultAdmin {
        Request storage r = mintRequests[requestId];
        require(r.sender != address(0), "DV: request not exist");
        require(r.status == RequestStatus.Pending, "DV: request not pending");
        r.status = RequestStatus.Canceled;
        _push(r.tokenIn, r.sender, requestAmountToken[requestId]);
        emit RejectRequest(requestId, r.sender);
    }

    function _issue(address to, uint256 amount) private {
        require(_tokenAmount(mToken, amount) <= _balance(mToken), "DV: issuance float short");
        _push(mToken, to, amount);
    }

    function _balance(address token) private view returns (uint256) {
        return IERC20Like(token).balanceOf(address(this));
    }
}

interface IERC20Like {
    function balanceOf(address) external view returns (uint256);
}
