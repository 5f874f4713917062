// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IPermitToken {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external;
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title Bridge2Twin
/// @notice The perpetuals venue's Arbitrum bridge as the devnet needs it. Deposits keep the real Bridge2's
///         ABI and behaviour: `batchedDepositWithPermit` takes the same tuples, pulls USDC with each user's
///         EIP-2612 permit, and — like the real contract — never reverts for one bad deposit: it emits
///         `FailedPermitDeposit` and moves on, so callers must look for the USDC `Transfer` to the bridge.
///         The venue credits every USDC transfer into this contract to its sender.
///         Withdrawals replace the real validator-signed request/dispute/finalize cycle with one call by
///         the venue operator, recorded per payout id so a payout can never be made twice.
/// @dev Placed at the canonical Bridge2 address with anvil_setCode, so `initialize` stands in for a constructor.
contract Bridge2Twin {
    struct Signature {
        uint256 r;
        uint256 s;
        uint8 v;
    }

    struct DepositWithPermit {
        address user;
        uint64 usd;
        uint64 deadline;
        Signature signature;
    }

    /// @dev Same event (and error codes: 0 permit failed, 1 transfer failed) as the real Bridge2.
    event FailedPermitDeposit(address user, uint64 usd, uint32 errorCode);
    event PayoutPaid(uint256 indexed id, address indexed destination, uint64 usd);

    bool public initialized;
    IPermitToken public usdcToken;
    address public operator;
    mapping(uint256 => bool) public payoutPaid;
    bool private entered;

    modifier nonReentrant() {
        require(!entered, "Bridge2: reentrant call");
        entered = true;
        _;
        entered = false;
    }

    function initialize(address usdc, address venueOperator) external {
        require(!initialized, "Bridge2: already initialized");
        require(usdc != address(0) && venueOperator != address(0), "Bridge2: zero address");
        initialized = true;
        usdcToken = IPermitToken(usdc);
        operator = venueOperator;
    }

    function batchedDepositWithPermit(DepositWithPermit[] memory deposits) external nonReentrant {
        for (uint256 i; i < deposits.length; i++) {
            DepositWithPermit memory d = deposits[i];
            _depositWithPermit(d.user, d.usd, d.deadline, d.signature);
        }
    }

    function _depositWithPermit(address user, uint64 usd, uint64 deadline, Signature memory signature) private {
        try usdcToken.permit(
            user, address(this), usd, deadline, signature.v, bytes32(signature.r), bytes32(signature.s)
        ) {}
        catch {
            emit FailedPermitDeposit(user, usd, 0);
            return;
        }
        try usdcToken.transferFrom(user, address(this), usd) returns (bool ok) {
            if (!ok) emit FailedPermitDeposit(user, usd, 1);
        } catch {
            emit FailedPermitDeposit(user, usd, 1);
        }
    }

    /// @notice Pays a venue withdrawal on chain. Reverts when `id` was already paid, so a retried payout
    ///         (after a crash between sending and recording) cannot pay twice.
    function payout(uint256 id, address destination, uint64 usd) external nonReentrant {
        require(msg.sender == operator, "Bridge2: caller is not the operator");
        require(!payoutPaid[id], "Bridge2: payout already paid");
        require(destination != address(0), "Bridge2: zero destination");
        payoutPaid[id] = true;
        require(usdcToken.transfer(destination, usd), "Bridge2: transfer failed");
        emit PayoutPaid(id, destination, usd);
    }
}
