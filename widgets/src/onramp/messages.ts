import { registerCatalog } from "../kit/i18n.ts";
import { kitEn } from "../kit/locales/en.ts";

/** The on-ramp's messages in English (inline: the fallback, no fetch); other locales load on demand. */
export const onrampEn = {
  ...kitEn,
  label: "Buy USDC",
};
export type OnrampMessages = Record<keyof typeof onrampEn, string>;

export const onrampCatalog = registerCatalog<OnrampMessages>({
  id: "onramp",
  en: onrampEn,
  load: {},
});
