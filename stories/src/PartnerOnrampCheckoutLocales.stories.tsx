import { type Locale, PartnerOnrampCheckout, preloadCompassLocale } from "@compass/widgets";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import { localeStories } from "./locales.ts";
import { BUYER, fakeFetch } from "./onramp/fake-api.ts";
import { StoryProviders } from "./onramp/wagmi.tsx";

/**
 * The checkout with a quote, in each of the twelve locales. Each story loads its locale before rendering (as a
 * server does with `preloadCompassLocale`), so it shows the translated text from the first paint; the play function
 * checks the root's language and direction, and that amounts keep Western digits.
 */
const meta: Meta<typeof PartnerOnrampCheckout> = {
  title: "Widgets/PartnerOnrampCheckout/Locales",
  component: PartnerOnrampCheckout,
  decorators: [(Story) => <StoryProviders>{Story()}</StoryProviders>],
  args: {
    destination: BUYER,
    defaultAmount: "1250",
    onStatus: fn(),
    apiBaseUrl: "https://compass.example",
  },
};
export default meta;
type Story = StoryObj<typeof PartnerOnrampCheckout>;

/** The words of each locale's amount legend, so a story proves its catalog (not English) is on screen. */
const LEGEND: Record<Locale, string> = {
  en: "Amount to buy",
  es: "Importe a comprar",
  fr: "Montant à acheter",
  de: "Kaufbetrag",
  it: "Importo da acquistare",
  "pt-BR": "Valor da compra",
  ja: "購入金額",
  ko: "구매 금액",
  "zh-CN": "购买金额",
  tr: "Satın alınacak tutar",
  ru: "Сумма покупки",
  ar: "مبلغ الشراء",
};

const { story, everyLocaleHasAStory } = localeStories(
  (locale: Locale): Story => ({
    name: locale,
    args: { locale, fetch: fakeFetch() },
    loaders: [() => preloadCompassLocale(locale)],
    play: async ({ canvasElement }) => {
      const c = within(canvasElement);
      const root = c.getByTestId("onramp");
      await expect(root).toHaveAttribute("lang", locale);
      await expect(root).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(c.getByText(LEGEND[locale])).toBeVisible();
      // the quote's USDC amount: Western digits, grouped in the locale's way
      await waitFor(() =>
        expect(c.getByTestId("onramp-output")).toHaveTextContent(/1[.,\s\u00a0\u202f]?250/),
      );
    },
  }),
);

export const English = story("en");
export const Spanish = story("es");
export const French = story("fr");
export const German = story("de");
export const Italian = story("it");
export const BrazilianPortuguese = story("pt-BR");
export const Japanese = story("ja");
export const Korean = story("ko");
export const SimplifiedChinese = story("zh-CN");
export const Turkish = story("tr");
export const Russian = story("ru");
export const Arabic = story("ar");

everyLocaleHasAStory();
