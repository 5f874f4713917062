// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title CctpMessageTransmitterV2Twin
/// @notice The devnet's build of Circle's CCTP v2 `MessageTransmitterV2` interface (Circle's contracts are Solidity
///         0.7.6 behind upgradeable proxies; this twin keeps their ABI, message format and checks): `sendMessage`
///         emits `MessageSent(bytes message)` in the v2 format with the nonce and executed finality left empty for
///         the attestation service to fill; `receiveMessage(message, attestation)` verifies the enabled attesters'
///         ECDSA signatures over keccak256(message) (threshold), the destination domain, an optional destination
///         caller and the nonce (each used once), then hands the body to the recipient as a finalized (executed
///         threshold ≥ 2000) or unfinalized message.
/// @dev Placed with anvil_setCode at Circle's canonical v2 address (same on every chain) and set up through
///      `initialize`, as Circle's proxies are. Message: version(4) sourceDomain(4) destinationDomain(4) nonce(32)
///      sender(32) recipient(32) destinationCaller(32) minFinalityThreshold(4) finalityThresholdExecuted(4) body.
contract CctpMessageTransmitterV2Twin {
    uint32 public constant FINALITY_THRESHOLD_FINALIZED = 2000;
    uint32 public constant FINALITY_THRESHOLD_CONFIRMED = 1000;
    uint32 public constant MIN_FINALITY_THRESHOLD = 500;

    bool public initialized;
    address public owner;
    uint32 public localDomain;
    uint32 public version;
    uint256 public maxMessageBodySize;
    uint256 public signatureThreshold;
    mapping(address => bool) public isEnabledAttester;
    address[] private _attesters;
    /// @notice 1 when the nonce was used (v2 nonces are bytes32, assigned by the attestation service)
    mapping(bytes32 => uint256) public usedNonces;
    bool public paused;

    event MessageSent(bytes message);
    event MessageReceived(
        address indexed caller,
        uint32 sourceDomain,
        bytes32 indexed nonce,
        bytes32 sender,
        uint32 indexed finalityThresholdExecuted,
        bytes messageBody
    );
    event AttesterEnabled(address indexed attester);
    event SignatureThresholdUpdated(uint256 oldSignatureThreshold, uint256 newSignatureThreshold);

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    function initialize(address owner_, address attester, uint32 localDomain_, uint256 maxMessageBodySize_) external {
        require(!initialized, "Contract is already initialized");
        initialized = true;
        owner = owner_;
        localDomain = localDomain_;
        version = 1;
        maxMessageBodySize = maxMessageBodySize_;
        signatureThreshold = 1;
        isEnabledAttester[attester] = true;
        _attesters.push(attester);
        emit AttesterEnabled(attester);
    }

    function getEnabledAttester(uint256 index) external view returns (address) {
        return _attesters[index];
    }

    function getNumEnabledAttesters() external view returns (uint256) {
        return _attesters.length;
    }

    function pause() external onlyOwner {
        paused = true;
    }

    function unpause() external onlyOwner {
        paused = false;
    }

    function sendMessage(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        uint32 minFinalityThreshold,
        bytes calldata messageBody
    ) external {
        require(!paused, "Pausable: paused");
        require(destinationDomain != localDomain, "Domain is local domain");
        require(messageBody.length <= maxMessageBodySize, "Message body exceeds max size");
        require(recipient != bytes32(0), "Recipient must be nonzero");
        bytes memory message = abi.encodePacked(
            version,
            localDomain,
            destinationDomain,
            bytes32(0), // nonce: assigned by the attestation service
            bytes32(uint256(uint160(msg.sender))),
            recipient,
            destinationCaller,
            minFinalityThreshold,
            uint32(0), // finalityThresholdExecuted: set by the attestation service
            messageBody
        );
        emit MessageSent(message);
    }

    function receiveMessage(bytes calldata message, bytes calldata attestation) external returns (bool success) {
        require(!paused, "Pausable: paused");
        _verifyAttestationSignatures(message, attestation);
        require(message.length >= 148, "Invalid message: too short");
        require(uint32(bytes4(message[0:4])) == version, "Invalid message version");
        uint32 sourceDomain = uint32(bytes4(message[4:8]));
        require(uint32(bytes4(message[8:12])) == localDomain, "Invalid destination domain");
        bytes32 nonce = bytes32(message[12:44]);
        bytes32 sender = bytes32(message[44:76]);
        address recipient = address(uint160(uint256(bytes32(message[76:108]))));
        bytes32 destinationCaller = bytes32(message[108:140]);
        uint32 executed = uint32(bytes4(message[144:148]));
        require(
            destinationCaller == bytes32(0) || destinationCaller == bytes32(uint256(uint160(msg.sender))),
            "Invalid caller for message"
        );
        require(usedNonces[nonce] == 0, "Nonce already used");
        usedNonces[nonce] = 1;
        bytes calldata body = message[148:];
        bool handled = executed >= FINALITY_THRESHOLD_FINALIZED
            ? IMessageHandlerV2(recipient).handleReceiveFinalizedMessage(sourceDomain, sender, executed, body)
            : IMessageHandlerV2(recipient).handleReceiveUnfinalizedMessage(sourceDomain, sender, executed, body);
        require(handled, "handleReceiveMessage() failed");
        emit MessageReceived(msg.sender, sourceDomain, nonce, sender, executed, body);
        return true;
    }

    /// @dev Signatures are 65-byte (r, s, v) over keccak256(message), sorted by ascending signer address.
    function _verifyAttestationSignatures(bytes calldata message, bytes calldata attestation) private view {
        require(attestation.length == 65 * signatureThreshold, "Invalid attestation length");
        bytes32 digest = keccak256(message);
        address last = address(0);
        for (uint256 i = 0; i < signatureThreshold; i++) {
            bytes calldata sig = attestation[i * 65:(i + 1) * 65];
            bytes32 r = bytes32(sig[0:32]);
            bytes32 s = bytes32(sig[32:64]);
            uint8 v = uint8(sig[64]);
            require(
                uint256(s) <= 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0, "ECDSA: invalid signature 's' value"
            );
            address signer = ecrecover(digest, v, r, s);
            require(signer != address(0), "ECDSA: invalid signature");
            require(signer > last, "Invalid signature order or dupe");
            require(isEnabledAttester[signer], "Invalid signature: not attester");
            last = signer;
        }
    }
}

interface IMessageHandlerV2 {
    function handleReceiveFinalizedMessage(
        uint32 sourceDomain,
        bytes32 sender,
        uint32 finalityThresholdExecuted,
        bytes calldata messageBody
    ) external returns (bool);

    function handleReceiveUnfinalizedMessage(
        uint32 sourceDomain,
        bytes32 sender,
        uint32 finalityThresholdExecuted,
        bytes calldata messageBody
    ) external returns (bool);
}
