import type { KitMessages } from "./en.ts";

/** The shared words in Russian. */
export const kitRu: KitMessages = {
  "wallet.switchChain":
    "Кошелёк подписывает только в подключённой сети. Переключите кошелёк на {chain} и повторите попытку.",
  "wallet.declined": "Вы отклонили подпись в кошельке. Ничего не отправлено.",
  "common.retry": "Повторить",
  "common.error": "Что-то пошло не так",
  "error.network": "Не удалось связаться с сервером. Проверьте подключение и повторите попытку.",
  "error.internal": "На нашей стороне произошла ошибка. Повторите попытку.",
};
