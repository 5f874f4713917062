import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { onrampCatalog } from "../onramp/messages.ts";
import { perpsCatalog } from "../perpetual-trading/messages.ts";
import { type Catalog, formatter, LOCALES, type Messages, resolveLocale, translator } from "./i18n.ts";

describe("resolveLocale", () => {
  test.each([
    ["de", "de"],
    ["de-AT", "de"],
    ["DE-de", "de"],
    ["pt", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["pt-br", "pt-BR"],
    ["zh", "zh-CN"],
    ["zh-Hans-CN", "zh-CN"],
    ["ar-EG", "ar"],
    ["en-GB", "en"],
    ["nl", "en"],
    ["", "en"],
    [undefined, "en"],
  ])("%s → %s", (tag, locale) => expect(resolveLocale(tag)).toBe(locale));
});

describe("translator", () => {
  const t = translator(
    { hello: "Hello {name}", fills_one: "{count} fill", fills_other: "{count} fills", fills: "Fills" },
    "en",
  );
  test("default: placeholders are filled, unknown ones kept", () => {
    expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
    expect(t("hello")).toBe("Hello {name}");
  });
  test("a count picks the plural form of the locale", () => {
    expect(t("fills", { count: 1 })).toBe("1 fill");
    expect(t("fills", { count: 3 })).toBe("3 fills");
    // Arabic has six plural categories: a catalog without `few` falls back to `other`
    expect(translator<Messages>({ x_other: "{count} x" }, "ar")("x", { count: 3 })).toBe("3 x");
  });
  test("a missing key shows the key, never undefined", () => expect(t("nope" as never)).toBe("nope"));
});

describe("formatter", () => {
  test("default: numbers, currencies and percentages in the locale's own way", () => {
    expect(formatter("en").currency("1000.5", "USD")).toBe("$1,000.50");
    expect(formatter("de").currency("1000.5", "EUR")).toBe("1.000,50\u00a0€");
    expect(formatter("fr").number("1234567.891")).toMatch(/^1\s234\s567,891$/);
    expect(formatter("tr").percent(0.0125)).toBe("%1,25");
    // Arabic with Western digits, pinned: engines' ICU data differ on Arabic's default digits, and the server's
    // text must be the browser's (hydration)
    expect(formatter("ar").number("1234.5")).toBe("1,234.5");
  });
  test("a decimal string keeps every digit (no float rounding)", () =>
    expect(formatter("en").number("12345678901234567.25", { maximumFractionDigits: 2 })).toBe(
      "12,345,678,901,234,567.25",
    ));
});

// Every widget's catalog: every locale, every English key, the same placeholders, and small enough to load on
// demand (≤ 2 kB gzip each, the budget; the partner-app build measures the real chunks too).
const catalogs: Catalog<Messages>[] = [onrampCatalog, perpsCatalog];
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(catalogs.map((c) => [c.id, c] as const))("the %s catalog", (_, catalog) => {
  test.each(LOCALES.filter((l) => l !== "en"))(
    "%s: every key, the same placeholders, ≤ 2 kB",
    async (locale) => {
      const loader = catalog.load[locale as Exclude<(typeof LOCALES)[number], "en">];
      expect(loader, `no ${locale} catalog`).toBeDefined();
      const messages = (await loader!()).default;
      const english = Object.keys(catalog.en).filter((k) => !/_(zero|one|two|few|many|other)$/.test(k));
      const own = new Set(Object.keys(messages).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")));
      expect(english.filter((k) => !own.has(k) && !(k in messages))).toEqual([]);
      for (const [k, text] of Object.entries(messages)) {
        const base = k.replace(/_(zero|one|two|few|many|other)$/, "");
        const en = catalog.en[k] ?? catalog.en[`${base}_other`] ?? catalog.en[base];
        expect(en, `${locale} has a key English lacks: ${k}`).toBeDefined();
        // a plural form may leave out {count} ("one fill" in words), never add or rename a placeholder
        const wanted = placeholders(en!).filter((p) => p !== "count");
        expect(
          placeholders(text).filter((p) => p !== "count"),
          `${locale} ${k}`,
        ).toEqual(wanted);
        expect(text.trim(), `${locale} ${k} is empty`).not.toBe("");
      }
      expect(gzipSync(JSON.stringify(messages)).length).toBeLessThanOrEqual(2048);
    },
  );
});
