/** The on-ramp's one-time deposit wallets (CREATE2 through OneTimeWalletFactory). */

/** OneTimeWalletFactory, deployed with salt 0 through the Safe singleton factory. */
export const ONE_TIME_WALLET_FACTORY = "0x74DeeB1781099A3646535FF021E0151d0673889F" as const;
/** keccak256 of OneTimeWallet's creation code (it takes no constructor arguments). */
export const ONE_TIME_WALLET_INIT_CODE_HASH =
  "0x54d1387de288ae84e889b6968ea733478bfbc05e7987e1ef66a91278411e6e14" as const;

/**
 * What the API and the settlement worker need of the one-time wallet contracts: the factory's permissionless
 * `deployAndForward` and the wallet's `Forwarded` event (emitted by the wallet, once its USDC reaches the
 * recipient).
 */
export const ONE_TIME_WALLET_ABI = [
  {
    type: "function",
    name: "deployAndForward",
    stateMutability: "nonpayable",
    inputs: [
      { name: "token", type: "address" },
      { name: "recipient", type: "address" },
      { name: "salt", type: "bytes32" },
    ],
    outputs: [
      { name: "wallet", type: "address" },
      { name: "amount", type: "uint256" },
    ],
  },
  {
    type: "event",
    name: "Forwarded",
    anonymous: false,
    inputs: [
      { name: "token", type: "address", indexed: true },
      { name: "owner", type: "address", indexed: true },
      { name: "amount", type: "uint256", indexed: false },
    ],
  },
] as const;
