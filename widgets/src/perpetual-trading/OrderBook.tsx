"use client";
import type { PerpetualTradingBookLevel } from "@compass/sdk";
import { useId } from "react";
import { useI18n } from "../kit/i18n.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { explain } from "./errors.ts";
import { formatPrice, ltr } from "./format.ts";
import { usePerpetualOrderBook } from "./hooks.ts";
import type { PerpsMessages } from "./messages.ts";

const LEVELS = 8;

/**
 * The selected market's book: bids and asks best first, each level's size with a depth bar (cumulative size),
 * and the spread. Each level is a button: it makes the ticket a limit order at that price.
 */
export function OrderBook({ asset, onPick }: { asset: string | undefined; onPick(price: string): void }) {
  const ids = useTestIds();
  const { t, format, dir } = useI18n<PerpsMessages>();
  const id = useId();
  const { data, error } = usePerpetualOrderBook(asset);
  const bids = data?.bids.slice(0, LEVELS) ?? [];
  const asks = data?.asks.slice(0, LEVELS) ?? [];
  const depth = (side: PerpetualTradingBookLevel[]) => {
    let sum = 0;
    return side.map((l) => (sum += Number(l.size)));
  };
  const bidDepth = depth(bids);
  const askDepth = depth(asks);
  const most = Math.max(bidDepth.at(-1) ?? 0, askDepth.at(-1) ?? 0) || 1;
  const side = (
    levels: PerpetualTradingBookLevel[],
    cumulative: number[],
    kind: "bid" | "ask",
    label: "bids" | "asks",
  ) => (
    <div>
      <h3 className="pt-hint" id={`${id}${kind}`}>
        {t(label)}
      </h3>
      <ul aria-labelledby={`${id}${kind}`}>
        {levels.map((l, i) => (
          <li key={l.price}>
            <button
              type="button"
              className={`pt-${kind}`}
              style={{ backgroundSize: `${(cumulative[i]! / most) * 100}% 100%` }}
              onClick={() => onPick(l.price)}
              {...ids(`book-${kind}-${i}`)}
            >
              <span className={kind === "bid" ? "pt-up" : "pt-down"}>{formatPrice(format, l.price)}</span>
              <span>{format.number(l.size)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <div className="cw-card" {...ids("book")}>
      <div className="cw-row">
        <h2 id={id}>{t("book")}</h2>
        {data?.spread ? (
          <span className="pt-hint" {...ids("spread")}>
            {t("spread", {
              spread: ltr(dir, formatPrice(format, data.spread)),
              pct: ltr(
                dir,
                format.percent(Number(data.spread) / Number(data.mid_price), { maximumFractionDigits: 3 }),
              ),
            })}
          </span>
        ) : null}
      </div>
      {error ? (
        <p className="cw-error">
          {t("unavail", { reason: explain(error, undefined, undefined, t).message })}
        </p>
      ) : null}
      {data && !bids.length && !asks.length ? <p className="pt-empty">{t("empty")}</p> : null}
      {bids.length || asks.length ? (
        <div className="pt-book">
          {side(bids, bidDepth, "bid", "bids")}
          {side(asks, askDepth, "ask", "asks")}
        </div>
      ) : null}
    </div>
  );
}
