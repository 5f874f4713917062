"use client";
import { WidgetRoot } from "../internal/WidgetRoot.tsx";
import type { Theme } from "../theme/theme.ts";
import { AccountPanel } from "./AccountPanel.tsx";
import { PerpetualTradingProvider, type PerpetualTradingProviderProps } from "./context.tsx";
import { Fills } from "./Fills.tsx";
import { FundingClock } from "./FundingClock.tsx";
import { useSelectedMarket } from "./hooks.ts";
import { MarketList } from "./MarketList.tsx";
import { OpenOrders } from "./OpenOrders.tsx";
import { OrderTicket } from "./OrderTicket.tsx";
import { Positions } from "./Positions.tsx";
import { PriceChart } from "./PriceChart.tsx";
import { StatusBanner } from "./StatusBanner.tsx";
import { PERPS_CSS } from "./styles.ts";
import { type TestIds, testIds } from "./test-ids.ts";

export interface PerpetualTradingWidgetProps extends Omit<PerpetualTradingProviderProps, "children"> {
  theme?: Theme;
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
  testId = "perps",
  className,
  ...props
}: PerpetualTradingWidgetProps) {
  const ids = testIds(testId);
  return (
    <PerpetualTradingProvider {...props}>
      <WidgetRoot
        name="perpetual-trading"
        theme={theme}
        css={PERPS_CSS}
        testId={testId}
        className={className}
        label="Perpetual trading"
      >
        <StatusBanner ids={ids} />
        <Layout ids={ids} />
      </WidgetRoot>
    </PerpetualTradingProvider>
  );
}

function Layout({ ids }: { ids: TestIds }) {
  const market = useSelectedMarket();
  return (
    <div className="pt-grid">
      <MarketList ids={ids} />
      <div className="cw-stack">
        <PriceChart asset={market?.asset} ids={ids} />
        <FundingClock rate={market?.funding_rate} />
        <OpenOrders ids={ids} />
        <Fills ids={ids} />
      </div>
      <div className="cw-stack">
        <OrderTicket key={market?.asset} ids={ids} />
        <AccountPanel ids={ids} />
      </div>
      <Positions ids={ids} />
    </div>
  );
}
