import { candleSnapshot, dayVolume, INTERVALS, type Interval } from "../engine/candles.ts";
import type { Core } from "../engine/core.ts";
import { formatFloat, formatUsd } from "../engine/decimal.ts";
import { depth, impactPx, markPx, midPx } from "../engine/depth.ts";
import { dexMarkets, MARKETS, type Market, marketByCoin, XYZ_DEPLOYER, XYZ_DEX } from "../engine/dexes.ts";
import { FUNDING_INTERVAL_MS, formatRate, fundingRate, premium, restingRate } from "../engine/funding.ts";
import { displayPx, formatSz, pxScale, tickAt, wirePx } from "../engine/ticks.ts";
import { type Json, object, oneOf, ShapeError, string, uint } from "../signing/fields.ts";
import type {
  AssetCtx,
  Candle,
  FundingHistoryRow,
  L2Book,
  L2Level,
  Meta,
  PerpDex,
  PredictedFunding,
} from "./shapes.ts";

/** Market data answers: meta, metaAndAssetCtxs, perpDexs, allMids, l2Book, candleSnapshot. */

function marketsOf(req: Json): readonly Market[] {
  const dex = req.dex === undefined || req.dex === null ? "" : string(req.dex, "dex");
  const markets = dexMarkets(dex);
  if (!markets) throw new ShapeError(`unknown perp dex \`${dex}\``);
  return markets;
}

export function meta(req: Json): Meta {
  const markets = marketsOf(req);
  const tables = [...new Set(markets.map((m) => m.maxLeverage))].sort((a, b) => a - b);
  return {
    universe: markets.map((m) => ({
      szDecimals: m.szDecimals,
      name: m.coin,
      maxLeverage: m.maxLeverage,
      marginTableId: m.maxLeverage,
    })),
    // Ids below 50 are the venue's single-tier tables: the id is the max leverage.
    marginTables: tables.map((lev) => [
      lev,
      { description: "", marginTiers: [{ lowerBound: "0.0", maxLeverage: lev }] },
    ]),
    collateralToken: 0,
  };
}

export function assetCtx(core: Core, m: Market): AssetCtx {
  const volume = dayVolume(core, m);
  const mid = midPx(core, m);
  const p = premium(core, m);
  const bid = impactPx(core, m, true, 6_000);
  const ask = impactPx(core, m, false, 6_000);
  return {
    prevDayPx: displayPx(m, core.oraclePx(m, core.now - 86_400_000)),
    dayNtlVlm: formatUsd(volume.notionalMicro),
    markPx: displayPx(m, markPx(core, m)),
    midPx: mid === null ? null : formatFloat(mid, m.pxDecimals + 1),
    funding: formatRate(fundingRate(core, m)),
    openInterest: formatSz(m, core.state.oiLots[m.coin] ?? 0),
    premium: p === null ? null : formatFloat(p, 10),
    oraclePx: displayPx(m, core.oraclePx(m)),
    impactPxs: bid === undefined || ask === undefined ? null : [displayPx(m, bid), displayPx(m, ask)],
    dayBaseVlm: formatSz(m, volume.lots),
  };
}

export function metaAndAssetCtxs(core: Core, req: Json): [Meta, AssetCtx[]] {
  return [meta(req), marketsOf(req).map((m) => assetCtx(core, m))];
}

export function perpDexs(): (PerpDex | null)[] {
  return [
    null,
    {
      name: XYZ_DEX.name,
      fullName: XYZ_DEX.fullName,
      deployer: XYZ_DEPLOYER,
      oracleUpdater: null,
      feeRecipient: null,
      assetToStreamingOiCap: MARKETS.map((m) => [m.coin, formatFloat(m.oiCapUsd, 1)]),
      subDeployers: [],
      deployerFeeScale: "1.0",
      lastDeployerFeeScaleChangeTime: "1970-01-01T00:00:00",
      assetToFundingMultiplier: [],
      assetToFundingInterestRate: [],
    },
  ];
}

export function allMids(core: Core, req: Json): Record<string, string> {
  const mids: Record<string, string> = {};
  for (const m of marketsOf(req))
    mids[m.coin] = formatFloat(midPx(core, m) ?? core.oraclePx(m), m.pxDecimals + 1);
  return mids;
}

export function l2Book(core: Core, req: Json): L2Book {
  const m = marketByCoin(string(req.coin, "coin"));
  if (!m) return null;
  const sigFigs = req.nSigFigs == null ? undefined : uint(req.nSigFigs, "nSigFigs");
  const side = (isBid: boolean): L2Level[] => {
    const levels = aggregate(m, depth(core, m, isBid, 200), isBid, sigFigs);
    return levels.slice(0, 20).map((l) => ({ px: wirePx(m, l.pxU), sz: formatSz(m, l.lots), n: l.n }));
  };
  return { coin: m.coin, time: core.now, levels: [side(true), side(false)] };
}

/** nSigFigs < 5 buckets levels to that many significant figures (bids down, asks up). */
function aggregate(m: Market, levels: ReturnType<typeof depth>, isBid: boolean, sigFigs?: number) {
  if (!sigFigs || sigFigs >= 5) return levels;
  const out: typeof levels = [];
  for (const level of levels) {
    const px = level.pxU / pxScale(m);
    const step = Math.round(
      Math.max(10 ** (Math.floor(Math.log10(px)) - sigFigs + 1) * pxScale(m), tickAt(m, level.pxU)),
    );
    const pxU = (isBid ? Math.floor(level.pxU / step) : Math.ceil(level.pxU / step)) * step;
    const last = out[out.length - 1];
    if (last && last.pxU === pxU) {
      last.lots += level.lots;
      last.n += level.n;
    } else out.push({ ...level, pxU });
  }
  return out;
}

export function candles(core: Core, req: Json): Candle[] {
  const r = object(req.req, "req");
  const m = marketByCoin(string(r.coin, "coin"));
  const interval = oneOf(r.interval, "interval", INTERVALS) as Interval;
  const startTime = uint(r.startTime, "startTime");
  const endTime = r.endTime == null ? core.now : uint(r.endTime, "endTime");
  return m ? candleSnapshot(core, m, interval, startTime, endTime) : [];
}

/** fundingHistory answers at most 500 hourly rows per request, oldest first. */
const FUNDING_HISTORY_PAGE = 500;

/**
 * fundingHistory: the rate each hour settled at. Hours the venue settled with positions open are
 * on record; in the others nobody skewed the maker, so the rate was the interest component alone.
 */
export function fundingHistory(core: Core, req: Json): FundingHistoryRow[] {
  const coin = string(req.coin, "coin");
  const start = uint(req.startTime, "startTime");
  const end = req.endTime == null ? core.now : uint(req.endTime, "endTime");
  if (!marketByCoin(coin)) return [];
  const recorded = new Map((core.state.fundingRates[coin] ?? []).map(([t, rate, p]) => [t, [rate, p]]));
  const rows: FundingHistoryRow[] = [];
  const last = Math.min(end, core.now);
  for (
    let hour = Math.ceil(start / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
    hour <= last;
    hour += FUNDING_INTERVAL_MS
  ) {
    const [fundingRate, p] = recorded.get(hour) ?? [formatRate(restingRate()), "0.0"];
    rows.push({ coin, fundingRate, premium: p, time: hour });
    if (rows.length === FUNDING_HISTORY_PAGE) break;
  }
  return rows;
}

/** predictedFundings: the rate the next hour would settle at, per coin, as the venue's own entry. */
export function predictedFundings(core: Core): PredictedFunding[] {
  const next = Math.floor(core.now / FUNDING_INTERVAL_MS + 1) * FUNDING_INTERVAL_MS;
  return MARKETS.map((m) => [
    m.coin,
    [
      [
        "HlPerp",
        { fundingRate: formatRate(fundingRate(core, m)), nextFundingTime: next, fundingIntervalHours: 1 },
      ],
    ],
  ]);
}
