"use client";
import type { PerpetualTradingCandle } from "@compass/sdk";
import { useId, useState } from "react";
import { useI18n } from "../kit/i18n.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { formatPrice } from "./format.ts";
import { usePerpetualCandles } from "./hooks.ts";
import type { PerpsMessages } from "./messages.ts";
import type { CandleInterval } from "./queries.ts";

const INTERVALS: CandleInterval[] = ["5m", "15m", "1h", "4h", "1d"];
const W = 600;
const H = 220;
const PAD = 8;

/** A small SVG candle chart (no charting library: a few hundred bytes instead of tens of kilobytes). */
export function PriceChart({ asset }: { asset: string | undefined }) {
  const [interval, setChartInterval] = useState<CandleInterval>("15m");
  const { data, isPending, error } = usePerpetualCandles(asset, interval);
  const { t } = useI18n<PerpsMessages>();
  const id = useId();
  return (
    <div className="cw-card">
      <div className="cw-row">
        <h2 id={id}>{asset ? `${asset} · ${t("price")}` : t("price")}</h2>
        {/* the intervals are named by the heading ("GOLD · Price") */}
        <fieldset className="pt-chips" aria-labelledby={id}>
          {INTERVALS.map((i) => (
            <button
              key={i}
              type="button"
              className="pt-chip"
              aria-pressed={i === interval}
              onClick={() => setChartInterval(i)}
            >
              {i}
            </button>
          ))}
        </fieldset>
      </div>
      {error ? <p className="cw-error">{t("unavail", { reason: error.message })}</p> : null}
      {isPending && asset ? <p className="pt-empty">{t("loading")}</p> : null}
      {data?.candles.length ? (
        <Candles candles={data.candles} label={{ asset: asset ?? "", interval }} />
      ) : null}
    </div>
  );
}

function Candles({
  candles,
  label,
}: {
  candles: PerpetualTradingCandle[];
  label: { asset: string; interval: string };
}) {
  const ids = useTestIds();
  const { format } = useI18n<PerpsMessages>();
  const highs = candles.map((c) => Number(c.high));
  const lows = candles.map((c) => Number(c.low));
  const max = Math.max(...highs);
  const min = Math.min(...lows);
  const span = max - min || max * 0.01 || 1;
  const y = (p: number) => PAD + ((max - p) / span) * (H - 2 * PAD);
  const step = (W - 2 * PAD) / candles.length;
  const last = candles[candles.length - 1]!;
  // its name: the last close and the range, numbers only (no words to translate): "GOLD 15m: 4013.1 (3900–4100)"
  const price = (p: number | string) => formatPrice(format, p);
  const summary = `${label.asset} ${label.interval}: ${price(last.close)} (${price(min)}–${price(max)})`;
  return (
    <svg
      className="pt-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      preserveAspectRatio="none"
      {...ids("chart")}
    >
      <title>{summary}</title>
      {candles.map((c, i) => {
        const [o, cl, hi, lo] = [Number(c.open), Number(c.close), Number(c.high), Number(c.low)];
        const x = PAD + i * step + step / 2;
        const color = cl >= o ? "var(--cw-success)" : "var(--cw-danger)";
        return (
          <g key={c.time}>
            <line x1={x} x2={x} y1={y(hi)} y2={y(lo)} stroke={color} strokeWidth={1} />
            <rect
              x={x - step * 0.35}
              width={step * 0.7}
              y={Math.min(y(o), y(cl))}
              height={Math.max(1, Math.abs(y(o) - y(cl)))}
              fill={color}
            />
          </g>
        );
      })}
      <line
        x1={PAD}
        x2={W - PAD}
        y1={y(Number(last.close))}
        y2={y(Number(last.close))}
        stroke="var(--cw-muted)"
        strokeDasharray="4 4"
      />
    </svg>
  );
}
