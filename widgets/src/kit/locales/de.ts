import type { KitMessages } from "./en.ts";

/** The shared words in German. */
export const kitDe: KitMessages = {
  "wallet.switchChain":
    "Ihre Wallet signiert nur für das verbundene Netzwerk. Wechseln Sie in der Wallet zu {chain} und versuchen Sie es erneut.",
  "wallet.declined": "Sie haben die Signatur in Ihrer Wallet abgelehnt. Es wurde nichts gesendet.",
  "common.retry": "Erneut versuchen",
  "common.error": "Etwas ist schiefgelaufen",
  "error.network": "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  "error.internal": "Bei uns ist ein Fehler aufgetreten. Versuchen Sie es erneut.",
};
