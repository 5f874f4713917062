import { createContext, useContext, useEffect, useSyncExternalStore } from "react";

/**
 * Localisation of the widgets: the locales they speak, a message catalog per widget loaded on demand,
 * and `Intl` formatting. English ships in each widget's own code (it is the fallback and needs no
 * fetch); every other locale is a separate chunk a bundler loads only when a widget asks for it.
 */

/** Every locale the widgets speak, as BCP 47 tags. */
export const LOCALES = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt-BR",
  "ja",
  "ko",
  "zh-CN",
  "tr",
  "ru",
  "ar",
] as const;
export type Locale = (typeof LOCALES)[number];

/** The locales written right to left (the widget mirrors its layout for them). */
const RTL = new Set<string>(["ar"]);

/** Languages we speak in one regional variant only: `pt-PT` reads pt-BR, `zh-TW` reads zh-CN. */
const BY_LANGUAGE = new Map<string, Locale>(LOCALES.map((l) => [l.split("-")[0]!.toLowerCase(), l]));

/**
 * The closest locale we speak to a BCP 47 tag: an exact match (case-insensitive), else the same language
 * (`de-AT` → `de`, `pt` → `pt-BR`, `zh-Hans-CN` → `zh-CN`), else English.
 */
export function resolveLocale(tag: string | undefined): Locale {
  if (!tag) return "en";
  const lower = tag.toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  return exact ?? BY_LANGUAGE.get(lower.split(/[-_]/)[0]!) ?? "en";
}

export const direction = (locale: string): "ltr" | "rtl" => (RTL.has(locale) ? "rtl" : "ltr");

/** A widget's messages: a key → a sentence with `{name}` placeholders. */
export type Messages = Record<string, string>;

/**
 * A widget's catalog: English inline, every other locale behind a dynamic `import()` (one chunk each).
 * `key_one` / `key_other` (and the other `Intl.PluralRules` categories) pluralise `key` by `{count}`.
 * Each widget writes its `load` table of literal `import("./locales/<locale>.ts")`s: one template
 * `import()` for all would need a runtime helper and rolldown's glob plugins in the package build, which
 * weighed +0.25 kB gzip on the on-ramp's first load and +0.3 kB on both widgets (of 14 and 35 kB budgets).
 */
export interface Catalog<M extends Messages> {
  /** unique per widget: "onramp", "perpetual-trading" (a test checks every locale is there, with every key) */
  id: string;
  en: M;
  load: Partial<Record<Exclude<Locale, "en">, () => Promise<{ default: M }>>>;
}

type Entry = Messages | Promise<void> | Error;
const loaded = new Map<string, Entry>();
const listeners = new Set<() => void>();
const catalogs = new Map<string, Catalog<Messages>>();
const key = (catalog: Catalog<Messages>, locale: Locale) => `${catalog.id}:${locale}`;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The catalog's messages in `locale` if they are loaded (English always is). */
function peek<M extends Messages>(catalog: Catalog<M>, locale: Locale): M | undefined {
  if (locale === "en") return catalog.en;
  const entry = loaded.get(key(catalog as Catalog<Messages>, locale));
  return entry && !(entry instanceof Promise) && !(entry instanceof Error) ? (entry as M) : undefined;
}

/** Loads a catalog's locale once; a failed load (a chunk that could not be fetched) leaves English. */
function load(catalog: Catalog<Messages>, locale: Locale): Promise<void> {
  if (locale === "en") return Promise.resolve();
  const k = key(catalog, locale);
  const entry = loaded.get(k);
  if (entry instanceof Promise) return entry;
  const loader = catalog.load[locale];
  if (entry || !loader) return Promise.resolve();
  const pending = loader().then(
    (m) => {
      loaded.set(k, m.default);
      for (const l of listeners) l();
    },
    (error: unknown) => {
      loaded.set(k, error instanceof Error ? error : new Error(String(error)));
    },
  );
  loaded.set(k, pending);
  return pending;
}

/** Makes a widget's catalog known to `preloadCompassLocale` (called once by each widget's module). */
export function registerCatalog<M extends Messages>(catalog: Catalog<M>): Catalog<M> {
  catalogs.set(catalog.id, catalog as Catalog<Messages>);
  return catalog;
}

/**
 * Loads the messages of `locale` for every widget imported so far, so the first render (on the server, and
 * the hydration after it) is already in that language. Without it, a widget renders in English and switches
 * as soon as its catalog arrives.
 */
export async function preloadCompassLocale(locale: string): Promise<void> {
  const resolved = resolveLocale(locale);
  await Promise.all([...catalogs.values()].map((c) => load(c, resolved)));
}

export type Translate<M extends Messages> = (
  key: keyof M & string,
  vars?: Record<string, string | number>,
) => string;

/** Fills `{name}` placeholders; `{count}` also picks `key_<plural category>` when the catalog has it. */
export function translator<M extends Messages>(messages: M, locale: string): Translate<M> {
  let plural: Intl.PluralRules | undefined;
  return (k, vars) => {
    let text: string | undefined = messages[k];
    if (vars && typeof vars.count === "number") {
      plural ??= new Intl.PluralRules(locale);
      text = messages[`${k}_${plural.select(vars.count)}`] ?? messages[`${k}_other`] ?? text;
    }
    if (text === undefined) return k;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
  };
}

/** `Intl` formatting in the widget's locale (instances cached per locale and options). */
export interface Format {
  /** a decimal given as a string or number, grouped in the locale's way: `1234.5` → "1.234,5" (de) */
  number(value: string | number, options?: Intl.NumberFormatOptions): string;
  /** a fiat or token amount with its code: `("80", "USD")` → "$80.00" (en), "80,00 $" (fr) */
  currency(value: string | number, currency: string, options?: Intl.NumberFormatOptions): string;
  /** a ratio: `0.0125` → "1.25%" (en), "%1,25" (tr) */
  percent(value: string | number, options?: Intl.NumberFormatOptions): string;
  /** a date and time (ms since epoch or a Date) */
  date(value: number | Date, options?: Intl.DateTimeFormatOptions): string;
}

const formatters = new Map<string, { format(value: never): string }>();
const cached = (key: string, make: () => { format(value: never): string }) => {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
};

export function formatter(tag: string): Format {
  // Western digits in Arabic, pinned: engines' ICU data differ on Arabic's default digits, and the text
  // rendered on the server must be the browser's (hydration); on-chain amounts and addresses use them too.
  const locale = tag === "ar" ? "ar-u-nu-latn" : tag;
  // Intl.NumberFormat formats a decimal string exactly (no float rounding) where the engine supports it
  const number = (value: string | number, options?: Intl.NumberFormatOptions) =>
    cached(`n${locale}${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(
      value as never,
    );
  return {
    number,
    currency: (value, currency, options) => number(value, { style: "currency", currency, ...options }),
    percent: (value, options) => number(value, { style: "percent", maximumFractionDigits: 2, ...options }),
    date: (value, options) =>
      cached(`d${locale}${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options)).format(
        value as never,
      ),
  };
}

/** What a widget's parts read: the locale shown, its direction, its messages and its formatting. */
export interface I18n<M extends Messages = Messages> {
  /** the locale of the text shown (English until the asked locale's catalog has loaded) */
  locale: Locale;
  dir: "ltr" | "rtl";
  t: Translate<M>;
  format: Format;
}

const english = formatter("en");
export const I18nContext = createContext<I18n>({
  locale: "en",
  dir: "ltr",
  t: (k) => k,
  format: english,
});

/** The enclosing widget's localisation (typed by the widget's own messages). */
export const useI18n = <M extends Messages>(): I18n<M> => useContext(I18nContext) as unknown as I18n<M>;

const i18nCache = new WeakMap<Messages, I18n>();

/**
 * A widget's localisation for the asked locale: its messages once loaded (the render before shows English,
 * and a catalog that fails to load leaves English), with the locale and direction of the text shown.
 */
export function useCatalog<M extends Messages>(catalog: Catalog<M>, asked: string | undefined): I18n<M> {
  const locale = resolveLocale(asked);
  const read = () => peek(catalog, locale);
  const messages = useSyncExternalStore(subscribe, read, read);
  useEffect(() => {
    if (locale !== "en") void load(catalog as Catalog<Messages>, locale);
  }, [catalog, locale]);
  const shown = messages ?? catalog.en;
  let i18n = i18nCache.get(shown);
  if (!i18n) {
    const l = messages ? locale : "en";
    i18n = {
      locale: l,
      dir: direction(l),
      t: translator(shown, l),
      format: l === "en" ? english : formatter(l),
    };
    i18nCache.set(shown, i18n);
  }
  return i18n as unknown as I18n<M>;
}
