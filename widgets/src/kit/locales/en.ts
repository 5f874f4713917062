/**
 * The words every widget shares (one vocabulary), in English: each widget's catalog includes them, and each
 * locale's file of a widget spreads the same locale's file of these.
 */
export const kitEn = {
  /** the wallet signs typed data only for its active chain and could not switch to `{chain}` */
  "wallet.switchChain":
    "Your wallet only signs for the network it is connected to. Switch your wallet to {chain} and try again.",
  /** the person declined in the wallet */
  "wallet.declined": "You declined the signature in your wallet. Nothing was sent.",
};
export type KitMessages = Record<keyof typeof kitEn, string>;
