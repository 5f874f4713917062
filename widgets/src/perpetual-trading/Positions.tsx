"use client";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { formatPrice, formatSigned, formatUsd } from "./format.ts";
import { usePerpetualActivity } from "./hooks.ts";
import { roe } from "./math.ts";
import { closePosition } from "./orders.ts";

/** Open positions with mark, unrealized PnL (and ROE), liquidation price, margin, funding, and Close. */
export function Positions() {
  const ids = useTestIds();
  const { owner, busy, run, selectAsset } = usePerpetualTradingContext();
  const { data } = usePerpetualActivity();
  if (!owner) return null;
  const positions = data?.positions ?? [];
  return (
    <section className="cw-card pt-wide" aria-labelledby="pt-positions">
      <h2 id="pt-positions">Positions</h2>
      {positions.length === 0 ? (
        <p className="pt-empty" {...ids("no-positions")}>
          No open positions.
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Market</th>
              <th className="pt-num">Size</th>
              <th className="pt-num">Entry</th>
              <th className="pt-num">Mark</th>
              <th className="pt-num">PnL (ROE)</th>
              <th className="pt-num">Liq. price</th>
              <th className="pt-num">Margin</th>
              <th className="pt-num">Funding</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {positions.map((p) => {
              const pnl = Number(p.unrealized_pnl);
              const ret = roe(pnl, Number(p.size), Number(p.entry_price), Number(p.leverage));
              return (
                <tr key={p.asset} {...ids(`position-${p.asset}`)}>
                  <td>
                    <button type="button" className="pt-chip" onClick={() => selectAsset(p.asset)}>
                      {p.asset}
                    </button>{" "}
                    <span className={p.side === "long" ? "pt-up" : "pt-down"}>
                      {p.side} {p.leverage}×
                    </span>
                  </td>
                  <td className="pt-num" {...ids(`position-${p.asset}-size`)}>
                    {p.size}
                  </td>
                  <td className="pt-num" {...ids(`position-${p.asset}-entry`)}>
                    {formatPrice(p.entry_price)}
                  </td>
                  <td className="pt-num">{formatPrice(p.mark_price)}</td>
                  <td className={`pt-num ${pnl >= 0 ? "pt-up" : "pt-down"}`}>
                    {formatSigned(pnl)} ({(ret * 100).toFixed(2)}%)
                  </td>
                  <td className="pt-num">{p.liquidation_price ? formatPrice(p.liquidation_price) : "—"}</td>
                  <td className="pt-num">{formatUsd(p.margin_used)}</td>
                  <td className="pt-num">{formatSigned(Number(p.funding_accrued))}</td>
                  <td className="pt-num">
                    <button
                      type="button"
                      className="cw-button cw-secondary pt-small"
                      disabled={busy}
                      onClick={() => run("close", (ctx) => closePosition(ctx, p))}
                      {...ids(`close-${p.asset}`)}
                    >
                      Close
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
