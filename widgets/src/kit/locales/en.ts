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
  /** the button that repeats what failed */
  "common.retry": "Try again",
  /** the heading of a problem the widget has no better title for */
  "common.error": "Something went wrong",
  /** error kind `network`: the API could not be reached, or did not answer in time */
  "error.network": "We could not reach the server. Check your connection and try again.",
  /** error kind `internal` */
  "error.internal": "Something went wrong on our side. Try again.",
};
export type KitMessages = Record<keyof typeof kitEn, string>;
