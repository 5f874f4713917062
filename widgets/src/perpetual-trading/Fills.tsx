"use client";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { formatPrice, formatSigned, formatUsd } from "./format.ts";
import { usePerpetualActivity } from "./hooks.ts";

/** Recent fills with the PnL each realised and the fee paid. */
export function Fills() {
  const ids = useTestIds();
  const { owner } = usePerpetualTradingContext();
  const { data } = usePerpetualActivity();
  if (!owner) return null;
  const fills = (data?.fills ?? []).slice(0, 20);
  return (
    <section className="cw-card" aria-labelledby="pt-fills">
      <h2 id="pt-fills">Recent fills</h2>
      {fills.length === 0 ? (
        <p className="pt-empty">No fills yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Fill</th>
              <th className="pt-num">Price</th>
              <th className="pt-num">Realized PnL</th>
              <th className="pt-num">Fee</th>
            </tr>
          </thead>
          <tbody>
            {fills.map((f, i) => (
              <tr key={`${f.order_id}-${f.time_ms}-${f.side}-${f.price}-${f.size}`} {...ids(`fill-${i}`)}>
                <td>
                  <span className={f.side === "buy" ? "pt-up" : "pt-down"}>{f.side}</span> {f.size} {f.asset}
                </td>
                <td className="pt-num">{formatPrice(f.price)}</td>
                <td className="pt-num" {...ids(`fill-${i}-pnl`)}>
                  {f.closed_pnl === null ? "—" : formatSigned(Number(f.closed_pnl))}
                </td>
                <td className="pt-num">{formatUsd(f.fee)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
