"use client";
import type { PerpetualTradingCategory } from "@compass/sdk";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useI18n } from "../kit/i18n.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { explain } from "./errors.ts";
import { formatCompactUsd, formatFunding, formatPrice } from "./format.ts";
import { usePerpetualOpportunities, useSelectedMarket } from "./hooks.ts";
import type { PerpsMessages } from "./messages.ts";
import { TableHead } from "./TableHead.tsx";

const CATEGORIES = [undefined, "stock", "commodity", "forex"] as const;
type SortKey = "open_interest" | "volume_24h" | "funding_rate";
const SORTS = { open_interest: "byOi", volume_24h: "byVol", funding_rate: "byFunding" } as const;

/**
 * Markets with a category filter and server-side sorting, as an ARIA grid: one tab stop, arrow keys (and
 * Home/End) move between rows, Enter or Space selects the market for the ticket.
 */
export function MarketList() {
  const ids = useTestIds();
  const { t, format } = useI18n<PerpsMessages>();
  const id = useId();
  const { selectAsset } = usePerpetualTradingContext();
  const [category, setCategory] = useState<PerpetualTradingCategory | undefined>();
  const [sort, setSort] = useState<SortKey>("open_interest");
  const [active, setActive] = useState(0);
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);
  const { data, isPending, error } = usePerpetualOpportunities({
    category,
    sort_by: sort,
    sort_order: "desc",
  });
  const selected = useSelectedMarket();
  const failure = error ? explain(error, undefined, undefined, t) : null;
  const list = data?.opportunities ?? [];
  const focusable = Math.min(active, Math.max(0, list.length - 1));
  const onKey = (e: KeyboardEvent, i: number, asset: string) => {
    const to =
      e.key === "ArrowDown"
        ? i + 1
        : e.key === "ArrowUp"
          ? i - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? list.length - 1
              : undefined;
    if (to !== undefined) {
      e.preventDefault();
      const next = Math.max(0, Math.min(list.length - 1, to));
      setActive(next);
      rows.current[next]?.focus();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      selectAsset(asset);
    }
  };
  return (
    <div className="cw-card pt-markets">
      <h2 id={`${id}h`}>{t("markets")}</h2>
      <fieldset className="pt-chips">
        <legend className="cw-sr-only">{t("markets")}</legend>
        {CATEGORIES.map((c) => (
          <button
            key={c ?? "all"}
            type="button"
            className="pt-chip"
            aria-pressed={category === c}
            onClick={() => setCategory(c)}
            {...ids(`category-${c ?? "all"}`)}
          >
            {t(`cat.${c ?? "all"}`)}
          </button>
        ))}
      </fieldset>
      <label className="cw-label" htmlFor={`${id}s`}>
        {t("sort")}
      </label>
      <select
        id={`${id}s`}
        className="cw-input pt-field"
        value={sort}
        onChange={(e) => setSort(e.target.value as SortKey)}
        {...ids("sort")}
      >
        {Object.entries(SORTS).map(([value, label]) => (
          <option key={value} value={value}>
            {t(label)}
          </option>
        ))}
      </select>
      {failure ? (
        <p className="cw-error" role="alert" data-kind={failure.kind} {...ids("markets-error")}>
          {failure.kind === "unauthorized" ? failure.message : t("unavail", { reason: failure.message })}
        </p>
      ) : null}
      {isPending ? <p className="pt-empty">{t("loading")}</p> : null}
      {data ? (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an ARIA grid on a table is the APG's data grid pattern (rows take focus and arrow keys)
        <table role="grid" aria-labelledby={`${id}h`} aria-readonly="true" className="pt-grid-table">
          <TableHead columns={["market", "mark", "fundingH", sort === "volume_24h" ? "byVol" : "oi"]} />
          <tbody>
            {list.map((o, i) => (
              <tr
                key={o.asset}
                ref={(el) => {
                  rows.current[i] = el;
                }}
                className="pt-row"
                aria-selected={selected?.asset === o.asset}
                tabIndex={i === focusable ? 0 : -1}
                onClick={() => {
                  setActive(i);
                  selectAsset(o.asset);
                }}
                onKeyDown={(e) => onKey(e, i, o.asset)}
                {...ids(`market-${o.asset}`)}
              >
                <td>
                  <strong>{o.asset}</strong>{" "}
                  <span className="cw-muted" dir="ltr">
                    {o.max_leverage}×
                  </span>
                </td>
                <td className="pt-num">{formatPrice(format, o.mark_price)}</td>
                <td className={`pt-num ${Number(o.funding_rate) >= 0 ? "pt-up" : "pt-down"}`}>
                  {formatFunding(format, o.funding_rate)}
                </td>
                <td className="pt-num">
                  {formatCompactUsd(format, sort === "volume_24h" ? o.volume_24h : o.open_interest)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
