"use client";
import { useId } from "react";
import { useI18n } from "../kit/i18n.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { formatPrice, formatSigned, formatUsd } from "./format.ts";
import { usePerpetualActivity } from "./hooks.ts";
import type { PerpsMessages } from "./messages.ts";
import { TableHead } from "./TableHead.tsx";

const TIME = { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" } as const;

/** Recent fills with when they happened, the PnL each realised and the fee paid. */
export function Fills() {
  const ids = useTestIds();
  const { t, format } = useI18n<PerpsMessages>();
  const id = useId();
  const { owner } = usePerpetualTradingContext();
  const { data } = usePerpetualActivity();
  if (!owner) return null;
  const fills = (data?.fills ?? []).slice(0, 20);
  return (
    <div className="cw-card">
      <h2 id={`${id}h`}>{t("fills")}</h2>
      {fills.length === 0 ? (
        <p className="pt-empty" {...ids("no-fills")}>
          {t("empty")}
        </p>
      ) : (
        <table aria-labelledby={`${id}h`}>
          <TableHead columns={["market", "price", "rpnl", "fee"]} />
          <tbody>
            {fills.map((f, i) => (
              <tr key={`${f.order_id}-${f.time_ms}-${f.side}-${f.price}-${f.size}`} {...ids(`fill-${i}`)}>
                <td>
                  <span className={f.side === "buy" ? "pt-up" : "pt-down"}>{t(f.side)}</span> {f.size}{" "}
                  {f.asset}
                  <br />
                  <time className="cw-muted" dateTime={new Date(f.time_ms).toISOString()}>
                    {format.date(f.time_ms, TIME)}
                  </time>
                </td>
                <td className="pt-num">{formatPrice(format, f.price)}</td>
                <td className="pt-num" {...ids(`fill-${i}-pnl`)}>
                  {f.closed_pnl === null ? "—" : formatSigned(format, Number(f.closed_pnl))}
                </td>
                <td className="pt-num">{formatUsd(format, f.fee)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
