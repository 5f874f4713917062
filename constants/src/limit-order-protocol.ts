/**
 * The 1inch Limit Order Protocol v4 (`LimitOrderProtocol`, `@1inch/limit-order-protocol-contract@4.0.3`): the
 * functions, events and errors the tokenized-equity order flow uses, as the compiled contract declares them
 * (devnet/limit-order-protocol/artifacts; devnet/test/equity-orders.test.ts checks they match).
 */
export const limitOrderProtocolAbi = [
  { inputs: [], name: "AdvanceEpochFailed", type: "error" },
  { inputs: [], name: "ArbitraryStaticCallFailed", type: "error" },
  { inputs: [], name: "BadSignature", type: "error" },
  { inputs: [], name: "BitInvalidatedOrder", type: "error" },
  { inputs: [], name: "ETHTransferFailed", type: "error" },
  { inputs: [], name: "EnforcedPause", type: "error" },
  { inputs: [], name: "EpochManagerAndBitInvalidatorsAreIncompatible", type: "error" },
  { inputs: [], name: "EthDepositRejected", type: "error" },
  { inputs: [], name: "ExpectedPause", type: "error" },
  { inputs: [], name: "InvalidMsgValue", type: "error" },
  { inputs: [], name: "InvalidPermit2Transfer", type: "error" },
  { inputs: [], name: "InvalidShortString", type: "error" },
  { inputs: [], name: "InvalidatedOrder", type: "error" },
  { inputs: [], name: "MakingAmountTooLow", type: "error" },
  { inputs: [], name: "MismatchArraysLengths", type: "error" },
  { inputs: [], name: "OrderExpired", type: "error" },
  { inputs: [], name: "OrderIsNotSuitableForMassInvalidation", type: "error" },
  {
    inputs: [{ internalType: "address", name: "owner", type: "address" }],
    name: "OwnableInvalidOwner",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "account", type: "address" }],
    name: "OwnableUnauthorizedAccount",
    type: "error",
  },
  { inputs: [], name: "PartialFillNotAllowed", type: "error" },
  { inputs: [], name: "Permit2TransferAmountTooHigh", type: "error" },
  { inputs: [], name: "PredicateIsNotTrue", type: "error" },
  { inputs: [], name: "PrivateOrder", type: "error" },
  { inputs: [], name: "ReentrancyDetected", type: "error" },
  { inputs: [], name: "RemainingInvalidatedOrder", type: "error" },
  { inputs: [], name: "SafeTransferFailed", type: "error" },
  { inputs: [], name: "SafeTransferFromFailed", type: "error" },
  {
    inputs: [
      { internalType: "bool", name: "success", type: "bool" },
      { internalType: "bytes", name: "res", type: "bytes" },
    ],
    name: "SimulationResults",
    type: "error",
  },
  { inputs: [{ internalType: "string", name: "str", type: "string" }], name: "StringTooLong", type: "error" },
  { inputs: [], name: "SwapWithZeroAmount", type: "error" },
  { inputs: [], name: "TakingAmountExceeded", type: "error" },
  { inputs: [], name: "TakingAmountTooHigh", type: "error" },
  { inputs: [], name: "TransferFromMakerToTakerFailed", type: "error" },
  { inputs: [], name: "TransferFromTakerToMakerFailed", type: "error" },
  { inputs: [], name: "WrongSeriesNonce", type: "error" },
  {
    anonymous: false,
    inputs: [{ indexed: false, internalType: "bytes32", name: "orderHash", type: "bytes32" }],
    name: "OrderCancelled",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: false, internalType: "bytes32", name: "orderHash", type: "bytes32" },
      { indexed: false, internalType: "uint256", name: "remainingAmount", type: "uint256" },
    ],
    name: "OrderFilled",
    type: "event",
  },
  {
    inputs: [],
    name: "DOMAIN_SEPARATOR",
    outputs: [{ internalType: "bytes32", name: "", type: "bytes32" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      { internalType: "MakerTraits", name: "makerTraits", type: "uint256" },
      { internalType: "bytes32", name: "orderHash", type: "bytes32" },
    ],
    name: "cancelOrder",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        components: [
          { internalType: "uint256", name: "salt", type: "uint256" },
          { internalType: "Address", name: "maker", type: "uint256" },
          { internalType: "Address", name: "receiver", type: "uint256" },
          { internalType: "Address", name: "makerAsset", type: "uint256" },
          { internalType: "Address", name: "takerAsset", type: "uint256" },
          { internalType: "uint256", name: "makingAmount", type: "uint256" },
          { internalType: "uint256", name: "takingAmount", type: "uint256" },
          { internalType: "MakerTraits", name: "makerTraits", type: "uint256" },
        ],
        internalType: "struct IOrderMixin.Order",
        name: "order",
        type: "tuple",
      },
      { internalType: "bytes", name: "signature", type: "bytes" },
      { internalType: "uint256", name: "amount", type: "uint256" },
      { internalType: "TakerTraits", name: "takerTraits", type: "uint256" },
    ],
    name: "fillContractOrder",
    outputs: [
      { internalType: "uint256", name: "", type: "uint256" },
      { internalType: "uint256", name: "", type: "uint256" },
      { internalType: "bytes32", name: "", type: "bytes32" },
    ],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        components: [
          { internalType: "uint256", name: "salt", type: "uint256" },
          { internalType: "Address", name: "maker", type: "uint256" },
          { internalType: "Address", name: "receiver", type: "uint256" },
          { internalType: "Address", name: "makerAsset", type: "uint256" },
          { internalType: "Address", name: "takerAsset", type: "uint256" },
          { internalType: "uint256", name: "makingAmount", type: "uint256" },
          { internalType: "uint256", name: "takingAmount", type: "uint256" },
          { internalType: "MakerTraits", name: "makerTraits", type: "uint256" },
        ],
        internalType: "struct IOrderMixin.Order",
        name: "order",
        type: "tuple",
      },
    ],
    name: "hashOrder",
    outputs: [{ internalType: "bytes32", name: "", type: "bytes32" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "paused",
    outputs: [{ internalType: "bool", name: "", type: "bool" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      { internalType: "address", name: "maker", type: "address" },
      { internalType: "bytes32", name: "orderHash", type: "bytes32" },
    ],
    name: "rawRemainingInvalidatorForOrder",
    outputs: [{ internalType: "uint256", name: "", type: "uint256" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      { internalType: "address", name: "maker", type: "address" },
      { internalType: "bytes32", name: "orderHash", type: "bytes32" },
    ],
    name: "remainingInvalidatorForOrder",
    outputs: [{ internalType: "uint256", name: "", type: "uint256" }],
    stateMutability: "view",
    type: "function",
  },
] as const;

/**
 * EIP-712 domain name and version of the standalone LimitOrderProtocol v4 contract (the aggregation router
 * that embeds it on mainnet signs as "1inch Aggregation Router" / "6").
 */
export const LIMIT_ORDER_PROTOCOL_DOMAIN = { name: "1inch Limit Order Protocol", version: "4" } as const;
