import { openOrdersOf, orderByCloid } from "../engine/book.ts";
import type { Core } from "../engine/core.ts";
import { formatFloat, formatUsd } from "../engine/decimal.ts";
import { markPx } from "../engine/depth.ts";
import { marketByCoin } from "../engine/dexes.ts";
import { freeMargin, leverageOf, type PositionView, summarize } from "../engine/margin.ts";
import type { OrderRecord } from "../engine/state.ts";
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
  const summary = {
    accountValue: usd(Math.max(0, s.accountValue)),
    totalNtlPos: usd(s.totalNotional),
    totalRawUsd: usd(
      s.accountValue - s.positions.reduce((sum, p) => sum + Math.sign(p.lots) * p.notional, 0),
    ),
    totalMarginUsed: usd(s.marginUsed),
  };
  const assetPositions = s.positions.map((p): AssetPosition => {
    const position = account?.positions[p.m.coin];
    return {
      type: "oneWay",
      position: {
        coin: p.m.coin,
        szi: formatSz(p.m, p.lots),
        leverage: { type: "cross", value: p.leverage },
        entryPx: entryPx(p),
        positionValue: usd(p.notional),
        unrealizedPnl: usd(p.unrealized),
        returnOnEquity: formatFloat(p.marginUsed > 0 ? p.unrealized / (p.entryNtl / p.leverage) : 0, 8),
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
    marginSummary: summary,
    crossMarginSummary: summary,
    crossMaintenanceMarginUsed: usd(s.maintenance),
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
  return {
    coin: o.coin,
    side: o.side,
    limitPx: formatPx(m, o.pxU),
    sz: formatSz(m, o.lots),
    oid: o.oid,
    timestamp: o.timestamp,
    origSz: formatSz(m, o.origLots),
    triggerCondition: "N/A",
    isTrigger: false,
    triggerPx: "0.0",
    children: [],
    isPositionTpsl: false,
    reduceOnly: o.reduceOnly,
    orderType: o.tif === "FrontendMarket" || o.tif === "LiquidationMarket" ? "Market" : "Limit",
    tif: o.tif,
    cloid: (o.cloid as `0x${string}` | null) ?? null,
  };
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
  const leverage = leverageOf(core.peek(user), m);
  const mark = markPx(core, m);
  const available = Math.max(0, freeMargin(core, user, m.dex)) / 1e6;
  const maxSz = formatSz(m, Math.floor(((available * leverage) / mark) * 10 ** m.szDecimals));
  return {
    user: user as `0x${string}`,
    coin: m.coin,
    leverage: { type: "cross", value: leverage },
    maxTradeSzs: [maxSz, maxSz],
    availableToTrade: [usd(available * 1e6), usd(available * 1e6)],
    markPx: displayPx(m, mark),
  };
}
