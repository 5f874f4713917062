"use client";
import type { PerpetualTradingCategory } from "@compass/sdk";
import { useState } from "react";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { explain } from "./errors.ts";
import { formatCompactUsd, formatFunding, formatPrice } from "./format.ts";
import { usePerpetualOpportunities, useSelectedMarket } from "./hooks.ts";

const CATEGORIES: { value: PerpetualTradingCategory | undefined; label: string }[] = [
  { value: undefined, label: "All" },
  { value: "stock", label: "Stocks" },
  { value: "commodity", label: "Commodities" },
  { value: "forex", label: "FX" },
];
type SortKey = "open_interest" | "volume_24h" | "funding_rate";
const SORTS: Record<SortKey, string> = {
  open_interest: "Open interest",
  volume_24h: "24h volume",
  funding_rate: "Funding",
};

/** Markets with a category filter and server-side sorting; a row selects the market for the ticket. */
export function MarketList() {
  const ids = useTestIds();
  const { selectAsset } = usePerpetualTradingContext();
  const [category, setCategory] = useState<PerpetualTradingCategory | undefined>();
  const [sort, setSort] = useState<SortKey>("open_interest");
  const { data, isPending, error } = usePerpetualOpportunities({
    category,
    sort_by: sort,
    sort_order: "desc",
  });
  const selected = useSelectedMarket();
  const failure = error ? explain(error) : null;
  return (
    <section className="cw-card" aria-labelledby="pt-markets">
      <h2 id="pt-markets">Markets</h2>
      <fieldset className="pt-chips">
        <legend className="cw-sr-only">Category</legend>
        {CATEGORIES.map((c) => (
          <button
            key={c.label}
            type="button"
            className="pt-chip"
            aria-pressed={category === c.value}
            onClick={() => setCategory(c.value)}
            {...ids(`category-${c.value ?? "all"}`)}
          >
            {c.label}
          </button>
        ))}
      </fieldset>
      <label className="cw-label" htmlFor="pt-sort">
        Sort by
      </label>
      <select
        id="pt-sort"
        className="cw-input pt-field"
        value={sort}
        onChange={(e) => setSort(e.target.value as SortKey)}
        {...ids("sort")}
      >
        {Object.entries(SORTS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {failure ? (
        <p className="cw-error" role="alert" data-kind={failure.kind} {...ids("markets-error")}>
          {failure.kind === "unauthorized" ? failure.message : `Markets are unavailable: ${failure.message}`}
        </p>
      ) : null}
      {isPending ? <p className="pt-empty">Loading markets…</p> : null}
      {data ? (
        <table>
          <thead>
            <tr>
              <th>Market</th>
              <th className="pt-num">Mark</th>
              <th className="pt-num">Funding/h</th>
              <th className="pt-num">{sort === "volume_24h" ? "Volume" : "OI"}</th>
            </tr>
          </thead>
          <tbody>
            {data.opportunities.map((o) => (
              <tr
                key={o.asset}
                className="pt-row"
                aria-selected={selected?.asset === o.asset}
                tabIndex={0}
                onClick={() => selectAsset(o.asset)}
                onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && selectAsset(o.asset)}
                {...ids(`market-${o.asset}`)}
              >
                <td>
                  <strong>{o.asset}</strong> <span className="cw-muted">{o.max_leverage}×</span>
                </td>
                <td className="pt-num">{formatPrice(o.mark_price)}</td>
                <td className={`pt-num ${Number(o.funding_rate) >= 0 ? "pt-up" : "pt-down"}`}>
                  {formatFunding(o.funding_rate)}
                </td>
                <td className="pt-num">
                  {formatCompactUsd(sort === "volume_24h" ? o.volume_24h : o.open_interest)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
