import type { KitMessages } from "./en.ts";

/** The shared words in Arabic. */
export const kitAr: KitMessages = {
  "wallet.switchChain": "لا توقّع محفظتك إلا على الشبكة المتصلة بها. بدّل محفظتك إلى {chain} ثم حاول مرة أخرى.",
  "wallet.declined": "رفضتَ التوقيع في محفظتك. لم يُرسَل أي شيء.",
  "common.retry": "حاول مرة أخرى",
  "common.error": "حدث خطأ ما",
  "error.network": "تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.",
  "error.internal": "حدث خطأ من جهتنا. حاول مرة أخرى.",
};
