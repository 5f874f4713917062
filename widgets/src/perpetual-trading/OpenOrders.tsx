"use client";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { formatPrice } from "./format.ts";
import { usePerpetualActivity } from "./hooks.ts";
import { cancelOrder } from "./orders.ts";

export function OpenOrders() {
  const ids = useTestIds();
  const { owner, busy, run } = usePerpetualTradingContext();
  const { data } = usePerpetualActivity();
  if (!owner) return null;
  const orders = data?.open_orders ?? [];
  return (
    <section className="cw-card" aria-labelledby="pt-orders">
      <h2 id="pt-orders">Open orders</h2>
      {orders.length === 0 ? (
        <p className="pt-empty">No open orders.</p>
      ) : (
        <table>
          <tbody>
            {orders.map((o) => (
              <tr key={o.order_id} {...ids(`open-order-${o.order_id}`)}>
                <td>
                  <span className={o.side === "buy" ? "pt-up" : "pt-down"}>{o.side}</span> {o.size} {o.asset}
                  {o.reduce_only ? " (reduce only)" : ""}
                </td>
                <td className="pt-num">@ {formatPrice(o.limit_price)}</td>
                <td className="pt-num">
                  <button
                    type="button"
                    className="cw-button cw-secondary pt-small"
                    disabled={busy}
                    onClick={() => run("cancel", (ctx) => cancelOrder(ctx, o))}
                    {...ids(`cancel-${o.order_id}`)}
                  >
                    Cancel
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
