"use client";
import { Fragment, useId, useState } from "react";
import { useI18n } from "../kit/i18n.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { formatPrice, formatSigned, formatUsd } from "./format.ts";
import { usePerpetualActivity } from "./hooks.ts";
import { roe } from "./math.ts";
import type { PerpsMessages } from "./messages.ts";
import { closePosition } from "./orders.ts";
import { PositionTpSl } from "./PositionTpSl.tsx";
import { TableHead } from "./TableHead.tsx";

/** Open positions with mark, unrealized PnL (and ROE), liquidation price, margin, funding, and Close. */
export function Positions() {
  const ids = useTestIds();
  const { t, format } = useI18n<PerpsMessages>();
  const id = useId();
  const { owner, busy, run, selectAsset } = usePerpetualTradingContext();
  const { data } = usePerpetualActivity();
  // the position whose take profit and stop loss are being set, in a row under it
  const [editing, setEditing] = useState<string>();
  if (!owner) return null;
  const positions = data?.positions ?? [];
  return (
    <div className="cw-card pt-wide">
      <h2 id={`${id}h`}>{t("positions")}</h2>
      {positions.length === 0 ? (
        <p className="pt-empty" {...ids("no-positions")}>
          {t("empty")}
        </p>
      ) : (
        <div className="pt-scroll">
          <table aria-labelledby={`${id}h`}>
            <TableHead
              columns={["market", "size", "entry", "mark", "pnl", "liq", "margin", "byFunding"]}
              actions
            />
            <tbody>
              {positions.map((p) => {
                const pnl = Number(p.unrealized_pnl);
                const ret = roe(pnl, Number(p.size), Number(p.entry_price), Number(p.leverage));
                const side = t(p.side);
                return (
                  <Fragment key={p.asset}>
                    <tr {...ids(`position-${p.asset}`)}>
                      <th scope="row">
                        <button type="button" className="pt-chip" onClick={() => selectAsset(p.asset)}>
                          {p.asset}
                        </button>{" "}
                        <span className={p.side === "long" ? "pt-up" : "pt-down"}>
                          {side} <bdi dir="ltr">{p.leverage}×</bdi>
                        </span>
                      </th>
                      <td className="pt-num" {...ids(`position-${p.asset}-size`)}>
                        {p.size}
                      </td>
                      <td className="pt-num" {...ids(`position-${p.asset}-entry`)}>
                        {formatPrice(format, p.entry_price)}
                      </td>
                      <td className="pt-num">{formatPrice(format, p.mark_price)}</td>
                      <td className={`pt-num ${pnl >= 0 ? "pt-up" : "pt-down"}`}>
                        {formatSigned(format, pnl)} ({format.percent(ret, { signDisplay: "exceptZero" })})
                      </td>
                      <td className="pt-num">{formatPrice(format, p.liquidation_price)}</td>
                      <td className="pt-num">{formatUsd(format, p.margin_used)}</td>
                      <td className="pt-num">{formatSigned(format, Number(p.funding_accrued))}</td>
                      <td className="pt-end">
                        <button
                          type="button"
                          className="cw-button cw-secondary pt-small"
                          aria-label={t("tpslRow", { asset: p.asset, side })}
                          aria-expanded={editing === p.asset}
                          aria-controls={editing === p.asset ? `${id}${p.asset}` : undefined}
                          onClick={() => setEditing(editing === p.asset ? undefined : p.asset)}
                          {...ids(`tpsl-${p.asset}`)}
                        >
                          {t("tpsl")}
                        </button>{" "}
                        <button
                          type="button"
                          className="cw-button cw-secondary pt-small"
                          disabled={busy}
                          aria-label={t("closeRow", { asset: p.asset, side })}
                          onClick={() => run("close", (ctx) => closePosition(ctx, p))}
                          {...ids(`close-${p.asset}`)}
                        >
                          {t("close")}
                        </button>
                      </td>
                    </tr>
                    {editing === p.asset ? (
                      <tr>
                        <td colSpan={9}>
                          <PositionTpSl
                            id={`${id}${p.asset}`}
                            position={p}
                            onDone={() => setEditing(undefined)}
                          />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
