import type { KitMessages } from "./en.ts";

/** The shared words in Brazilian Portuguese. */
export const kitPtBR: KitMessages = {
  "wallet.switchChain":
    "Sua carteira só assina na rede à qual está conectada. Mude a carteira para {chain} e tente de novo.",
  "wallet.declined": "Você recusou a assinatura na carteira. Nada foi enviado.",
  "common.retry": "Tentar de novo",
  "common.error": "Algo deu errado",
  "error.network": "Não foi possível conectar ao servidor. Verifique sua conexão e tente de novo.",
  "error.internal": "Algo deu errado do nosso lado. Tente de novo.",
};
