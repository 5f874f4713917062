import { hasSponsor } from "../../lib/compass.ts";
import { appConfig } from "../../lib/config.ts";
import { Trading } from "./trading.tsx";

export const metadata = { title: "Perpetual trading — Compass" };
export const dynamic = "force-dynamic";

/** Perpetuals on stocks, commodities and forex, traded with the connected wallet. */
export default function PerpetualTradingPage() {
  return (
    <main className="home wide">
      <h1>Perpetual trading</h1>
      <p>
        Stocks, commodities and forex perps. Your own wallet signs deposits (a USDC permit on Arbitrum
        {hasSponsor() ? ", relayed by our sponsor (no gas)" : ""}), withdrawals and, once, a trading key this
        browser keeps: orders are then placed without a wallet prompt.
      </p>
      <Trading sponsored={hasSponsor()} publishableKey={appConfig().appPublishableKey} />
    </main>
  );
}
