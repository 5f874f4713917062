import { formatter, type I18n, registerCatalog, translator, useI18n } from "../kit/i18n.ts";

import { type OnrampMessages, onrampEn } from "./locales/en.ts";

export { type OnrampMessages, onrampEn };

export const onrampCatalog = registerCatalog<OnrampMessages>({
  id: "onramp",
  en: onrampEn,
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

const english: I18n<OnrampMessages> = {
  locale: "en",
  dir: "ltr",
  t: translator(onrampEn, "en"),
  format: formatter("en"),
};

/**
 * The on-ramp's localisation for its parts: the widget's (set by `PartnerOnrampCheckout`), else English, so the
 * parts also read well under a bare `OnrampCheckoutProvider` (which has no catalog of its own).
 */
export function useOnrampI18n(): I18n<OnrampMessages> {
  const i18n = useI18n<OnrampMessages>();
  return i18n.t("label") === "label" ? english : i18n;
}
