import { LOCALES, type Locale } from "@compass/widgets";

/**
 * A widget's Locales stories: `story` builds one per locale (and remembers the locale), `everyLocaleHasAStory` —
 * called after the exports — throws when a locale the widgets speak got none, so a locale added to LOCALES
 * without its story fails the page.
 */
export function localeStories<S, A extends unknown[]>(make: (locale: Locale, ...rest: A) => S) {
  const made = new Set<Locale>();
  return {
    story: (locale: Locale, ...rest: A): S => {
      made.add(locale);
      return make(locale, ...rest);
    },
    everyLocaleHasAStory: () => {
      const missing = LOCALES.filter((l) => !made.has(l));
      if (missing.length) throw new Error(`no story for the locale(s) ${missing.join(", ")}`);
    },
  };
}
