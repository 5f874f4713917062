import { openOrdersOf, orderByCloid } from "../engine/book.ts";
import type { Core } from "../engine/core.ts";
import { formatFloat, formatUsd } from "../engine/decimal.ts";
import { markPx } from "../engine/depth.ts";
import { marketByCoin } from "../engine/dexes.ts";
import { freeMargin, isIsolated, leverageOf, type PositionView, summarize } from "../engine/margin.ts";
import type { OrderRecord, TriggerSpec } from "../engine/state.ts";
import { displayPx, formatPx, formatSz, pxScale } from "../engine/ticks.ts";
import { address, type Json, ShapeError, string } from "../signing/fields.ts";
import type {
  ActiveAssetData,
  AssetPosition,
  ClearinghouseState,
  FrontendOpenOrder,
  HistoricalOrder,
  OpenOrder,
  OrderStatusAnswer,
} from "./shapes.ts";

/** Account answers: clearinghouseState, open orders (plain and frontend), order status, history. */

export const userOf = (req: Json): string => address(req.user, "user");
const dexOf = (req: Json): string => (req.dex == null ? "" : string(req.dex, "dex"));
const usd = (micro: number) => formatUsd(Math.round(micro));

export function clearinghouseState(core: Core, req: Json): ClearinghouseState {
  const user = userOf(req);
  const s = summarize(core, user, dexOf(req));
  const account = core.peek(user);
  const signedNotional = (only?: boolean) =>
    s.positions.reduce(
      (sum, p) => (only === undefined || p.isolated === only ? sum + Math.sign(p.lots) * p.notional : sum),
      0,
    );
  const marginSummary = {
    accountValue: usd(Math.max(0, s.accountValue)),
    totalNtlPos: usd(s.totalNotional),
    totalRawUsd: usd(s.accountValue - signedNotional()),
    totalMarginUsed: usd(s.marginUsed),
  };
  const crossMarginSummary = {
    accountValue: usd(Math.max(0, s.crossValue)),
    totalNtlPos: usd(s.crossNotional),
    totalRawUsd: usd(s.crossValue - signedNotional(false)),
    totalMarginUsed: usd(s.crossMarginUsed),
  };
  const assetPositions = s.positions.map((p): AssetPosition => {
    const position = account?.positions[p.m.coin];
    const signedEntry = Math.sign(p.lots) * p.entryNtl;
    return {
      type: "oneWay",
      position: {
        coin: p.m.coin,
        szi: formatSz(p.m, p.lots),
        // an isolated position's raw USD: its collateral less the signed entry notional, so that
        // rawUsd + szi × mark is its equity
        leverage: p.isolated
          ? { type: "isolated", value: p.leverage, rawUsd: usd(p.isoMargin - signedEntry) }
          : { type: "cross", value: p.leverage },
        entryPx: entryPx(p),
        positionValue: usd(p.notional),
        unrealizedPnl: usd(p.unrealized),
        returnOnEquity: formatFloat(p.entryNtl > 0 ? p.unrealized / (p.entryNtl / p.leverage) : 0, 8),
        liquidationPx: p.liquidationPx === null ? null : formatFloat(p.liquidationPx, 8),
        marginUsed: usd(p.marginUsed),
        maxLeverage: p.m.maxLeverage,
        cumFunding: {
          allTime: usd(account?.fundingAllTime[p.m.coin] ?? 0),
          sinceOpen: usd(position?.fundingSinceOpen ?? 0),
          sinceChange: usd(position?.fundingSinceChange ?? 0),
        },
      },
    };
  });
  return {
    marginSummary,
    crossMarginSummary,
    crossMaintenanceMarginUsed: usd(s.crossMaintenance),
    // One collateral pool backs every dex this account reaches, so what may leave it is a
    // property of the whole account, not of the dex asked about.
    withdrawable: usd(
      account && core.collateralReaches(account, dexOf(req)) ? summarize(core, user).withdrawable : 0,
    ),
    assetPositions,
    time: core.now,
  };
}

function entryPx(p: PositionView): string {
  return displayPx(p.m, p.entryNtl / Math.abs(p.lots) / pxScale(p.m));
}

function ordersOn(core: Core, req: Json): OrderRecord[] {
  const dex = dexOf(req);
  return openOrdersOf(core, userOf(req))
    .filter((o) => marketByCoin(o.coin)?.dex === dex)
    .sort((a, b) => b.timestamp - a.timestamp || b.oid - a.oid);
}

export function openOrders(core: Core, req: Json): OpenOrder[] {
  return ordersOn(core, req).map((o) => {
    const m = marketByCoin(o.coin)!;
    return {
      coin: o.coin,
      side: o.side,
      limitPx: formatPx(m, o.pxU),
      sz: formatSz(m, o.lots),
      oid: o.oid,
      timestamp: o.timestamp,
      origSz: formatSz(m, o.origLots),
      ...(o.cloid ? { cloid: o.cloid as `0x${string}` } : {}),
      ...(o.reduceOnly ? { reduceOnly: true as const } : {}),
    };
  });
}

export function frontendOrder(o: OrderRecord): FrontendOpenOrder {
  const m = marketByCoin(o.coin)!;
  const t = o.trigger;
  const waiting = t !== undefined && t.triggeredAt === undefined;
  return {
    coin: o.coin,
    side: o.side,
    limitPx: formatPx(m, o.pxU),
    sz: formatSz(m, o.lots),
    oid: o.oid,
    timestamp: o.timestamp,
    origSz: formatSz(m, o.origLots),
    triggerCondition: !t ? "N/A" : waiting ? condition(o) : "Triggered",
    isTrigger: waiting,
    triggerPx: t ? formatPx(m, t.pxU) : "0.0",
    children: [],
    isPositionTpsl: t?.grouping === "positionTpsl",
    reduceOnly: o.reduceOnly,
    orderType: t
      ? triggerType(t)
      : o.tif === "FrontendMarket" || o.tif === "LiquidationMarket"
        ? "Market"
        : "Limit",
    tif: waiting ? null : o.tif,
    cloid: (o.cloid as `0x${string}` | null) ?? null,
  };
}

/** "Price above 230.5" / "Price below 4012.0": the direction the trigger fires in (see tpsl.ts). */
function condition(o: OrderRecord): string {
  const t = o.trigger!;
  const above = (o.side === "A") === (t.tpsl === "tp");
  return `Price ${above ? "above" : "below"} ${formatPx(marketByCoin(o.coin)!, t.pxU)}`;
}

function triggerType(t: TriggerSpec): FrontendOpenOrder["orderType"] {
  const kind = t.tpsl === "tp" ? "Take Profit" : "Stop";
  return `${kind} ${t.isMarket ? "Market" : "Limit"}`;
}

export function frontendOpenOrders(core: Core, req: Json): FrontendOpenOrder[] {
  return ordersOn(core, req).map(frontendOrder);
}

export function orderStatus(core: Core, req: Json): OrderStatusAnswer {
  const user = userOf(req);
  let order: OrderRecord | undefined;
  if (typeof req.oid === "number") order = core.state.orders[req.oid];
  else if (typeof req.oid === "string" && /^0x[0-9a-fA-F]{32}$/.test(req.oid))
    order = orderByCloid(core, user, req.oid);
  else throw new ShapeError("oid: expected an order id or a cloid");
  if (!order || order.user !== user) return { status: "unknownOid" };
  return {
    status: "order",
    order: { order: frontendOrder(order), status: order.status, statusTimestamp: order.statusTimestamp },
  };
}

export function historicalOrders(core: Core, req: Json): HistoricalOrder[] {
  const user = userOf(req);
  const oids = [...(core.state.closedByUser[user] ?? []), ...(core.state.openByUser[user] ?? [])];
  return oids
    .map((oid) => core.state.orders[oid])
    .filter(Boolean)
    .sort((a, b) => b.statusTimestamp - a.statusTimestamp || b.oid - a.oid)
    .slice(0, 2000)
    .map((o) => ({ order: frontendOrder(o), status: o.status, statusTimestamp: o.statusTimestamp }));
}

export function activeAssetData(core: Core, req: Json): ActiveAssetData {
  const user = userOf(req);
  const m = marketByCoin(string(req.coin, "coin"));
  if (!m) throw new ShapeError(`unknown coin \`${String(req.coin)}\``);
  const account = core.peek(user);
  const leverage = leverageOf(account, m);
  const mark = markPx(core, m);
  const available = Math.max(0, freeMargin(core, user, m.dex)) / 1e6;
  const maxSz = formatSz(m, Math.floor(((available * leverage) / mark) * 10 ** m.szDecimals));
  return {
    user: user as `0x${string}`,
    coin: m.coin,
    leverage: isIsolated(account, m)
      ? { type: "isolated", value: leverage, rawUsd: isolatedRawUsd(core, user, m.coin) }
      : { type: "cross", value: leverage },
    maxTradeSzs: [maxSz, maxSz],
    availableToTrade: [usd(available * 1e6), usd(available * 1e6)],
    markPx: displayPx(m, mark),
  };
}

function isolatedRawUsd(core: Core, user: string, coin: string): string {
  const p = core.peek(user)?.positions[coin];
  return usd(p?.isoMargin === undefined ? 0 : p.isoMargin - Math.sign(p.lots) * p.entryNtl);
}
