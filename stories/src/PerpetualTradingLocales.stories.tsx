import { type Locale, PerpetualTradingWidget, preloadCompassLocale } from "@compass/widgets";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { expect, waitFor, within } from "storybook/test";
import { WagmiProvider } from "wagmi";
import { localeStories } from "./locales.ts";
import { fakeApi, storySponsor } from "./perpetual-trading/fake-api.ts";
import { storyConfig } from "./perpetual-trading/wallet.ts";

/**
 * The trading widget with an account (a position, an open order, fills) in each of the twelve locales. Each story
 * loads its locale before rendering (as a server does with `preloadCompassLocale`), so the first paint is
 * translated; the play function checks the root's language and direction and a translated heading, and for
 * Arabic (right to left) and German (the longest words) at 1024 px, that nothing sticks out of the widget.
 */
interface Args {
  locale: Locale;
  /** the host's width in px */
  width?: number;
}

function Host({ locale, width, config }: Args & { config: Awaited<ReturnType<typeof storyConfig>> }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [api] = useState(() => fakeApi({ trading: true }));
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={client}>
        <div style={width ? { inlineSize: width } : undefined}>
          <PerpetualTradingWidget
            apiBaseUrl="http://story"
            fetch={api}
            sponsorDeposit={storySponsor}
            locale={locale}
          />
        </div>
      </QueryClientProvider>
    </WagmiProvider>
  );
}

const meta: Meta<Args> = {
  title: "Widgets/PerpetualTradingWidget/Locales",
  loaders: [
    async ({ args }) => {
      await preloadCompassLocale(args.locale);
      return { config: await storyConfig({ connected: true }) };
    },
  ],
  render: (args, { loaded }) => <Host {...args} config={loaded.config} />,
  parameters: { layout: "fullscreen" },
};
export default meta;
type Story = StoryObj<Args>;

/** Each locale's "Positions" heading, so a story proves its catalog (not English) is on screen. */
const POSITIONS: Record<Locale, string> = {
  en: "Positions",
  es: "Posiciones",
  fr: "Positions",
  de: "Positionen",
  it: "Posizioni",
  "pt-BR": "Posições",
  ja: "ポジション",
  ko: "포지션",
  "zh-CN": "仓位",
  tr: "Pozisyonlar",
  ru: "Позиции",
  ar: "المراكز",
};

/** The elements of `root` whose box or content reaches past the widget's own edges. */
function overflowing(root: HTMLElement): string[] {
  const edge = root.getBoundingClientRect();
  const out: string[] = [];
  for (const el of root.querySelectorAll<HTMLElement>("*")) {
    // visually hidden words (1 px, clipped) and the chart's drawing are not laid out as text
    if (el.closest("style, title, svg *, .cw-sr-only")) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const sticksOut = box.left < edge.left - 0.5 || box.right > edge.right + 0.5;
    // content wider than its box, unless the box scrolls it on purpose
    const scrolls = /auto|scroll/.test(getComputedStyle(el).overflowX);
    const spills = !scrolls && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
    if (sticksOut || spills)
      out.push(
        `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.slice(0, 30)}" ${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(edge.left)}–${Math.round(edge.right)}, ${el.scrollWidth}/${el.clientWidth}`,
      );
  }
  return out;
}

const { story, everyLocaleHasAStory } = localeStories(
  (locale: Locale, width?: number): Story => ({
    name: width ? `${locale} at ${width}px` : locale,
    args: { locale, width },
    play: async ({ canvasElement }) => {
      const c = within(canvasElement);
      const root = c.getByTestId("perps");
      await expect(root).toHaveAttribute("lang", locale);
      await expect(root).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(await c.findByRole("heading", { name: POSITIONS[locale] })).toBeVisible();
      // the account's rows are in: the position (with its leverage), the open order, the fills
      await expect(await c.findByTestId("perps-position-AAPL")).toHaveTextContent("5×");
      await c.findByTestId("perps-open-order-1000245");
      if (locale === "ar") {
        // mirrored: a row reads from the right (the market first), its figures still left to right ("+0.0013%")
        const cells = (await c.findByTestId("perps-market-GOLD")).querySelectorAll("td");
        await expect(cells[0]!.getBoundingClientRect().left).toBeGreaterThan(
          cells[3]!.getBoundingClientRect().right,
        );
        await expect(getComputedStyle(cells[2]!).direction).toBe("ltr");
        // (Intl marks Arabic figures with LRMs of its own)
        await expect(cells[2]!.textContent?.replace(/\u200e/g, "")).toMatch(/^\+0\.\d{4}%$/);
      }
      if (width) {
        await c.findByTestId("perps-market-GOLD");
        await c.findByTestId("perps-book-bid-0");
        await waitFor(() => expect(overflowing(root)).toEqual([]));
      }
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
/** the longest words (German) and the mirrored layout (Arabic) in the three-column layout's narrowest width */
export const German1024 = story("de", 1024);
export const Arabic1024 = story("ar", 1024);

everyLocaleHasAStory();
