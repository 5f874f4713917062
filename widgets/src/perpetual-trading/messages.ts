import { registerCatalog } from "../kit/i18n.ts";
import { kitEn } from "../kit/locales/en.ts";

/** The perpetuals widget's messages in English (inline: the fallback, no fetch); other locales load on demand. */
export const perpsEn = {
  ...kitEn,
  label: "Perpetual trading",
};
export type PerpsMessages = Record<keyof typeof perpsEn, string>;

export const perpsCatalog = registerCatalog<PerpsMessages>({
  id: "perpetual-trading",
  en: perpsEn,
  load: {},
});
