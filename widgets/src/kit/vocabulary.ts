/**
 * The widgets' words: every sentence a person reads when something needs their attention, keyed by what
 * happened, in each supported language. `vocabulary(locale)` picks the closest one (English when the
 * locale has none yet), so a sentence is written once and every widget says it the same way.
 */
export interface Vocabulary {
  /** the wallet signs typed data only for its active chain and could not switch to `chain` */
  switchChain(chain: string): string;
  /** the person declined in the wallet */
  declined: string;
  /** the trading key in this browser is being authorised (once per device, per account) */
  approvingAgent: string;
  /** the venue has never credited the account */
  depositFirst: string;
}

const en: Vocabulary = {
  switchChain: (chain) =>
    `Your wallet only signs for the network it is connected to. Switch your wallet to ${chain} and try again.`,
  declined: "You declined the signature in your wallet. Nothing was sent.",
  approvingAgent: "Authorise trading from this browser (one signature, no gas)",
  depositFirst: "Deposit USDC first: the venue only accepts actions from accounts it has credited.",
};

const LANGUAGES: Record<string, Vocabulary> = { en };

export function vocabulary(locale = "en"): Vocabulary {
  return LANGUAGES[locale] ?? LANGUAGES[locale.split("-")[0]!.toLowerCase()] ?? en;
}
