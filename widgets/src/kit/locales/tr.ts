import type { KitMessages } from "./en.ts";

/** The shared words in Turkish. */
export const kitTr: KitMessages = {
  "wallet.switchChain":
    "Cüzdanınız yalnızca bağlı olduğu ağ için imza atar. Cüzdanınızı {chain} ağına geçirip tekrar deneyin.",
  "wallet.declined": "Cüzdanınızda imzayı reddettiniz. Hiçbir şey gönderilmedi.",
  "common.retry": "Tekrar dene",
  "common.error": "Bir sorun oluştu",
  "error.network": "Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.",
  "error.internal": "Bizden kaynaklı bir sorun oluştu. Tekrar deneyin.",
};
