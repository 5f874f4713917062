import type { KitMessages } from "./en.ts";

/** The shared words in Italian. */
export const kitIt: KitMessages = {
  "wallet.switchChain":
    "Il tuo wallet firma solo per la rete a cui è connesso. Passa a {chain} nel wallet e riprova.",
  "wallet.declined": "Hai rifiutato la firma nel wallet. Non è stato inviato nulla.",
  "common.retry": "Riprova",
  "common.error": "Si è verificato un problema",
  "error.network": "Impossibile raggiungere il server. Controlla la connessione e riprova.",
  "error.internal": "Si è verificato un problema da parte nostra. Riprova.",
};
