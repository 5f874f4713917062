// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title CctpTokenMessengerV2Twin
/// @notice The devnet's build of Circle's CCTP v2 `TokenMessengerV2` interface: `depositForBurn` (and
///         `depositForBurnWithHook`) take USDC from the caller, burn it and send a v2 burn message through the local
///         MessageTransmitterV2; on the destination, `handleReceiveFinalizedMessage` /
///         `handleReceiveUnfinalizedMessage` (callable by the transmitter only, from a registered remote messenger)
///         mint the amount less the fee executed to the mint recipient and the fee to the fee recipient. Circle's
///         checks and revert strings: amount nonzero, mint recipient nonzero, `maxFee < amount`, minimum finality
///         500, unfinalized messages only at threshold ≥ 500, fee executed ≤ max fee, expiration block.
/// @dev Circle splits minting into a TokenMinterV2 (the USDC minter); here the messenger is the minter itself.
///      Placed at Circle's canonical v2 address with anvil_setCode and set up by `initialize`. Burn message body:
///      version(4) burnToken(32) mintRecipient(32) amount(32) messageSender(32) maxFee(32) feeExecuted(32)
///      expirationBlock(32) hookData.
contract CctpTokenMessengerV2Twin {
    uint32 public constant MIN_FINALITY_THRESHOLD = 500;
    uint32 public constant messageBodyVersion = 1;

    bool public initialized;
    address public owner;
    address public localMessageTransmitter;
    address public feeRecipient;
    /// @notice the local USDC, the only burnable token
    address public localToken;
    mapping(uint32 => bytes32) public remoteTokenMessengers;
    /// @notice keccak256(remoteDomain, remoteToken) => local token
    mapping(bytes32 => address) public remoteTokensToLocalTokens;

    event DepositForBurn(
        address indexed burnToken,
        uint256 amount,
        address indexed depositor,
        bytes32 mintRecipient,
        uint32 destinationDomain,
        bytes32 destinationTokenMessenger,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 indexed minFinalityThreshold,
        bytes hookData
    );
    event MintAndWithdraw(address indexed mintRecipient, uint256 amount, address indexed mintToken, uint256 feeCollected);
    event RemoteTokenMessengerAdded(uint32 domain, bytes32 tokenMessenger);

    function initialize(address owner_, address transmitter, address feeRecipient_, address usdc) external {
        require(!initialized, "Contract is already initialized");
        initialized = true;
        owner = owner_;
        localMessageTransmitter = transmitter;
        feeRecipient = feeRecipient_;
        localToken = usdc;
    }

    function addRemoteTokenMessenger(uint32 domain, bytes32 tokenMessenger, bytes32 remoteUsdc) external {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        require(tokenMessenger != bytes32(0), "bytes32(0) not allowed");
        remoteTokenMessengers[domain] = tokenMessenger;
        remoteTokensToLocalTokens[keccak256(abi.encodePacked(domain, remoteUsdc))] = localToken;
        emit RemoteTokenMessengerAdded(domain, tokenMessenger);
    }

    function depositForBurn(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold
    ) external {
        _depositForBurn(amount, destinationDomain, mintRecipient, burnToken, destinationCaller, maxFee, minFinalityThreshold, "");
    }

    function depositForBurnWithHook(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold,
        bytes calldata hookData
    ) external {
        require(hookData.length > 0, "Hook data is empty");
        _depositForBurn(
            amount, destinationDomain, mintRecipient, burnToken, destinationCaller, maxFee, minFinalityThreshold, hookData
        );
    }

    function _depositForBurn(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold,
        bytes memory hookData
    ) private {
        require(amount > 0, "Amount must be nonzero");
        require(mintRecipient != bytes32(0), "Mint recipient must be nonzero");
        require(maxFee < amount, "Max fee must be less than amount");
        require(minFinalityThreshold >= MIN_FINALITY_THRESHOLD, "Invalid minFinalityThreshold");
        require(burnToken == localToken, "Burn token not supported");
        bytes32 destinationTokenMessenger = remoteTokenMessengers[destinationDomain];
        require(destinationTokenMessenger != bytes32(0), "No TokenMessenger for domain");
        require(IUsdc(burnToken).transferFrom(msg.sender, address(this), amount), "Transfer operation failed");
        IUsdc(burnToken).burn(amount);
        bytes memory body = abi.encodePacked(
            messageBodyVersion,
            bytes32(uint256(uint160(burnToken))),
            mintRecipient,
            amount,
            bytes32(uint256(uint160(msg.sender))),
            maxFee,
            uint256(0), // feeExecuted: set by the attestation service
            uint256(0), // expirationBlock: set by the attestation service
            hookData
        );
        IMessageTransmitterV2(localMessageTransmitter).sendMessage(
            destinationDomain, destinationTokenMessenger, destinationCaller, minFinalityThreshold, body
        );
        emit DepositForBurn(
            burnToken,
            amount,
            msg.sender,
            mintRecipient,
            destinationDomain,
            destinationTokenMessenger,
            destinationCaller,
            maxFee,
            minFinalityThreshold,
            hookData
        );
    }

    function handleReceiveFinalizedMessage(uint32 remoteDomain, bytes32 sender, uint32, bytes calldata messageBody)
        external
        returns (bool)
    {
        return _handle(remoteDomain, sender, messageBody);
    }

    function handleReceiveUnfinalizedMessage(
        uint32 remoteDomain,
        bytes32 sender,
        uint32 finalityThresholdExecuted,
        bytes calldata messageBody
    ) external returns (bool) {
        require(finalityThresholdExecuted >= MIN_FINALITY_THRESHOLD, "Unsupported finality threshold");
        return _handle(remoteDomain, sender, messageBody);
    }

    function _handle(uint32 remoteDomain, bytes32 sender, bytes calldata body) private returns (bool) {
        require(msg.sender == localMessageTransmitter, "Invalid message transmitter");
        require(remoteTokenMessengers[remoteDomain] == sender && sender != bytes32(0), "Remote TokenMessenger unsupported");
        require(body.length >= 228, "Invalid message body length");
        require(uint32(bytes4(body[0:4])) == messageBodyVersion, "Invalid message body version");
        bytes32 burnToken = bytes32(body[4:36]);
        address mintRecipient = address(uint160(uint256(bytes32(body[36:68]))));
        uint256 amount = uint256(bytes32(body[68:100]));
        uint256 maxFee = uint256(bytes32(body[132:164]));
        uint256 feeExecuted = uint256(bytes32(body[164:196]));
        uint256 expirationBlock = uint256(bytes32(body[196:228]));
        require(expirationBlock == 0 || expirationBlock > block.number, "Message expired and must be re-signed");
        require(feeExecuted <= maxFee, "Fee equals or exceeds max fee");
        require(feeExecuted < amount, "Fee equals or exceeds amount");
        address token = remoteTokensToLocalTokens[keccak256(abi.encodePacked(remoteDomain, burnToken))];
        require(token != address(0), "Mint token not supported");
        IUsdc(token).mint(mintRecipient, amount - feeExecuted);
        if (feeExecuted > 0) IUsdc(token).mint(feeRecipient, feeExecuted);
        emit MintAndWithdraw(mintRecipient, amount - feeExecuted, token, feeExecuted);
        return true;
    }
}

interface IUsdc {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function burn(uint256 amount) external;
    function mint(address to, uint256 amount) external returns (bool);
}

interface IMessageTransmitterV2 {
    function sendMessage(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        uint32 minFinalityThreshold,
        bytes calldata messageBody
    ) external;
}
