import { registerCatalog } from "../kit/i18n.ts";

import { type PerpsMessages, perpsEn } from "./locales/en.ts";

export { type PerpsMessages, perpsEn };

export const perpsCatalog = registerCatalog<PerpsMessages>({
  id: "perpetual-trading",
  en: perpsEn,
  // one chunk per locale, fetched the first time a widget (or preloadCompassLocale) asks for it
  load: {
    es: () => import("./locales/es.ts"),
    fr: () => import("./locales/fr.ts"),
    de: () => import("./locales/de.ts"),
    it: () => import("./locales/it.ts"),
    "pt-BR": () => import("./locales/pt-BR.ts"),
    ja: () => import("./locales/ja.ts"),
    ko: () => import("./locales/ko.ts"),
    "zh-CN": () => import("./locales/zh-CN.ts"),
    tr: () => import("./locales/tr.ts"),
    ru: () => import("./locales/ru.ts"),
    ar: () => import("./locales/ar.ts"),
  },
});
