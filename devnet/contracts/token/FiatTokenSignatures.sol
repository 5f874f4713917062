// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {FiatTokenCore} from "./FiatTokenCore.sol";

/// @title FiatTokenSignatures
/// @notice Gasless approvals and transfers: EIP-2612 `permit` and EIP-3009 transfer authorizations, each
///         in the (v, r, s) form and the `bytes signature` form FiatToken v2.2 added for ERC-1271 wallets.
/// @dev The domain separator is recomputed on every call from storage and block.chainid — it cannot be
///      cached at construction because the code is placed with anvil_setCode and never constructed.
abstract contract FiatTokenSignatures is FiatTokenCore {
    bytes32 private constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant RECEIVE_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        keccak256("CancelAuthorization(address authorizer,bytes32 nonce)");

    /// @dev EIP-712 `version` of the domain ("2" for every USDC deployment the devnet mirrors).
    string internal _domainVersion;

    mapping(address => uint256) public nonces;
    mapping(address => mapping(bytes32 => bool)) private _authorizationUsed;

    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);

    function version() external view returns (string memory) {
        return _domainVersion;
    }

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(
                EIP712_DOMAIN_TYPEHASH,
                keccak256(bytes(name)),
                keccak256(bytes(_domainVersion)),
                block.chainid,
                address(this)
            )
        );
    }

    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _authorizationUsed[authorizer][nonce];
    }

    // ---- EIP-2612 ----

    function permit(
        address holder,
        address spender,
        uint256 value,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _permit(holder, spender, value, deadline, abi.encodePacked(r, s, v));
    }

    function permit(address holder, address spender, uint256 value, uint256 deadline, bytes memory signature)
        external
    {
        _permit(holder, spender, value, deadline, signature);
    }

    function _permit(address holder, address spender, uint256 value, uint256 deadline, bytes memory signature)
        private
        whenNotPaused
        notBlacklisted(holder)
        notBlacklisted(spender)
    {
        require(deadline >= block.timestamp, "FiatTokenV2: permit is expired");
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, holder, spender, value, nonces[holder]++, deadline));
        require(_isValidSignature(holder, structHash, signature), "EIP2612: invalid signature");
        _approve(holder, spender, value);
    }

    // ---- EIP-3009 ----

    struct Authorization {
        address from;
        address to;
        uint256 value;
        uint256 validAfter;
        uint256 validBefore;
        bytes32 nonce;
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        Authorization memory auth = Authorization(from, to, value, validAfter, validBefore, nonce);
        _transferWithAuthorization(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, auth, abi.encodePacked(r, s, v));
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external {
        Authorization memory auth = Authorization(from, to, value, validAfter, validBefore, nonce);
        _transferWithAuthorization(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, auth, signature);
    }

    /// @notice Like transferWithAuthorization, but only the payee may submit it, so a watcher of the
    ///         mempool cannot front-run the payee's own contract call that consumes the authorization.
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        require(to == msg.sender, "FiatTokenV2: caller must be the payee");
        Authorization memory auth = Authorization(from, to, value, validAfter, validBefore, nonce);
        _transferWithAuthorization(RECEIVE_WITH_AUTHORIZATION_TYPEHASH, auth, abi.encodePacked(r, s, v));
    }

    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external {
        require(to == msg.sender, "FiatTokenV2: caller must be the payee");
        Authorization memory auth = Authorization(from, to, value, validAfter, validBefore, nonce);
        _transferWithAuthorization(RECEIVE_WITH_AUTHORIZATION_TYPEHASH, auth, signature);
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) external {
        _cancelAuthorization(authorizer, nonce, abi.encodePacked(r, s, v));
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, bytes memory signature) external {
        _cancelAuthorization(authorizer, nonce, signature);
    }

    function _transferWithAuthorization(bytes32 typeHash, Authorization memory auth, bytes memory signature)
        private
        whenNotPaused
    {
        require(!isBlacklisted[auth.from] && !isBlacklisted[auth.to], "Blacklistable: account is blacklisted");
        require(block.timestamp > auth.validAfter, "FiatTokenV2: authorization is not yet valid");
        require(block.timestamp < auth.validBefore, "FiatTokenV2: authorization is expired");
        _useAuthorization(auth.from, auth.nonce);
        bytes32 structHash = keccak256(
            abi.encode(typeHash, auth.from, auth.to, auth.value, auth.validAfter, auth.validBefore, auth.nonce)
        );
        require(_isValidSignature(auth.from, structHash, signature), "FiatTokenV2: invalid signature");
        _transfer(auth.from, auth.to, auth.value);
    }

    function _cancelAuthorization(address authorizer, bytes32 nonce, bytes memory signature) private whenNotPaused {
        _useAuthorization(authorizer, nonce);
        bytes32 structHash = keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce));
        require(_isValidSignature(authorizer, structHash, signature), "FiatTokenV2: invalid signature");
        emit AuthorizationCanceled(authorizer, nonce);
    }

    /// @dev Marks the nonce used before the signature check; a failing check reverts the whole call anyway.
    function _useAuthorization(address authorizer, bytes32 nonce) private {
        require(!_authorizationUsed[authorizer][nonce], "FiatTokenV2: authorization is used or canceled");
        _authorizationUsed[authorizer][nonce] = true;
        emit AuthorizationUsed(authorizer, nonce);
    }

    /// @dev EOAs sign with ECDSA; contract wallets (Safes) answer through ERC-1271.
    function _isValidSignature(address signer, bytes32 structHash, bytes memory signature)
        private
        view
        returns (bool)
    {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
        return SignatureChecker.isValidSignatureNow(signer, digest, signature);
    }
}
