"use client";
import { useId } from "react";
import { useI18n } from "../kit/i18n.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { formatPrice } from "./format.ts";
import { usePerpetualActivity } from "./hooks.ts";
import type { PerpsMessages } from "./messages.ts";
import { cancelOrder } from "./orders.ts";
import { TableHead } from "./TableHead.tsx";

/** Resting orders (limit and TP/SL triggers), each with a Cancel button naming the order. */
export function OpenOrders() {
  const ids = useTestIds();
  const { t, format } = useI18n<PerpsMessages>();
  const id = useId();
  const { owner, busy, run } = usePerpetualTradingContext();
  const { data } = usePerpetualActivity();
  if (!owner) return null;
  const orders = data?.open_orders ?? [];
  return (
    <div className="cw-card">
      <h2 id={`${id}h`}>{t("orders")}</h2>
      {orders.length === 0 ? (
        <p className="pt-empty" {...ids("no-orders")}>
          {t("empty")}
        </p>
      ) : (
        <table aria-labelledby={`${id}h`}>
          <TableHead columns={["market", "price"]} actions />
          <tbody>
            {orders.map((o) => {
              const side = t(o.side);
              return (
                <tr key={o.order_id} {...ids(`open-order-${o.order_id}`)}>
                  <td>
                    <span className={o.side === "buy" ? "pt-up" : "pt-down"}>{side}</span> {o.size} {o.asset}
                    {o.reduce_only ? <span className="cw-muted"> · {t("reduce")}</span> : null}
                  </td>
                  <td className="pt-end">
                    {o.trigger_price
                      ? t("trigger", {
                          kind: t(o.tpsl === "tp" ? "tp" : "sl"),
                          price: formatPrice(format, o.trigger_price),
                        })
                      : formatPrice(format, o.limit_price)}
                  </td>
                  <td className="pt-end">
                    <button
                      type="button"
                      className="cw-button cw-secondary pt-small"
                      disabled={busy}
                      aria-label={t("cancelRow", { side, size: o.size, asset: o.asset })}
                      onClick={() => run("cancel", (ctx) => cancelOrder(ctx, o))}
                      {...ids(`cancel-${o.order_id}`)}
                    >
                      {t("cancel")}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
