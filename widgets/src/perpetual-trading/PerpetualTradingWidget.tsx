"use client";
import { useState } from "react";
import type { Theme } from "../kit/theme.ts";
import { WidgetRoot } from "../kit/WidgetRoot.tsx";
import { AccountPanel } from "./AccountPanel.tsx";
import { PerpetualTradingProvider, type PerpetualTradingProviderProps } from "./context.tsx";
import { Fills } from "./Fills.tsx";
import { FundingClock } from "./FundingClock.tsx";
import { useSelectedMarket } from "./hooks.ts";
import { MarketList } from "./MarketList.tsx";
import { perpsCatalog } from "./messages.ts";
import { OpenOrders } from "./OpenOrders.tsx";
import { OrderBook } from "./OrderBook.tsx";
import { OrderTicket } from "./order-ticket/OrderTicket.tsx";
import { Positions } from "./Positions.tsx";
import { PriceChart } from "./PriceChart.tsx";
import { StatusBanner } from "./StatusBanner.tsx";
import { PERPS_CSS } from "./styles.ts";

export interface PerpetualTradingWidgetProps extends Omit<PerpetualTradingProviderProps, "children"> {
  /** the widget's theme (default: the CompassProvider's, else `lightTheme()`) */
  theme?: Theme;
  /** the widget's locale, a BCP 47 tag (default: the CompassProvider's, else English) */
  locale?: string;
  /** prefix of every data-testid (default "perps") */
  testId?: string;
  className?: string;
}

/**
 * Perpetuals on stocks, commodities and forex: markets, chart, order ticket, account (deposit and
 * withdraw), positions, open orders and fills. Signs with the host's connected wagmi wallet; the host
 * owns WagmiProvider and QueryClientProvider (and the connect button).
 */
export function PerpetualTradingWidget({
  theme,
  locale,
  testId = "perps",
  className,
  ...props
}: PerpetualTradingWidgetProps) {
  return (
    <PerpetualTradingProvider {...props} locale={locale}>
      <WidgetRoot
        name="perpetual-trading"
        theme={theme}
        css={PERPS_CSS}
        testId={testId}
        className={className}
        catalog={perpsCatalog}
        locale={locale}
        label="label"
      >
        <StatusBanner />
        <Layout />
      </WidgetRoot>
    </PerpetualTradingProvider>
  );
}

function Layout() {
  const market = useSelectedMarket();
  // a price picked on the book, for the ticket (the time makes picking the same price twice count)
  const [picked, setPicked] = useState<{ asset: string; price: string; at: number }>();
  return (
    <div className="pt-grid">
      <MarketList />
      <div className="cw-stack">
        <PriceChart asset={market?.asset} />
        <FundingClock rate={market?.funding_rate} />
        <OrderBook
          asset={market?.asset}
          onPick={(price) => market && setPicked({ asset: market.asset, price, at: Date.now() })}
        />
        <OpenOrders />
        <Fills />
      </div>
      <div className="cw-stack">
        <OrderTicket key={market?.asset} picked={picked?.asset === market?.asset ? picked : undefined} />
        <AccountPanel />
      </div>
      <Positions />
    </div>
  );
}
