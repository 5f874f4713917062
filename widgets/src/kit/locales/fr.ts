import type { KitMessages } from "./en.ts";

/** The shared words in French. */
export const kitFr: KitMessages = {
  "wallet.switchChain":
    "Votre wallet ne signe que pour le réseau auquel il est connecté. Passez sur {chain} dans votre wallet et réessayez.",
  "wallet.declined": "Vous avez refusé la signature dans votre wallet. Rien n’a été envoyé.",
  "common.retry": "Réessayer",
  "common.error": "Un problème est survenu",
  "error.network": "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  "error.internal": "Un problème est survenu de notre côté. Réessayez.",
};
