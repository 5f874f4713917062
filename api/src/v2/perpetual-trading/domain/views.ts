import type { CandleRows, ClearinghouseState, FrontendOpenOrders, L2Book, UserFills } from "../venue/wire.ts";
import type { VenueAccount } from "./account.ts";
import { type Market, stripDex } from "./markets.ts";

/** The venue's answers in our wire shapes (spec §2): bare tickers, buy/sell, long/short, ms → s. */

type AssetPosition = ClearinghouseState["assetPositions"][number]["position"];

export function toPosition(p: AssetPosition, market: Market | undefined) {
  const szi = Number(p.szi);
  const size = p.szi.replace(/^-/, "");
  return {
    asset: stripDex(p.coin),
    asset_id: market?.assetId ?? -1,
    side: szi < 0 ? ("short" as const) : ("long" as const),
    size,
    entry_price: p.entryPx,
    // The mark the venue valued the position at (positionValue = |szi| × mark).
    mark_price: market?.ctx.markPx ?? String(Number(p.positionValue) / Math.abs(szi)),
    liquidation_price: p.liquidationPx,
    unrealized_pnl: p.unrealizedPnl,
    leverage: String(p.leverage.value),
    margin_used: p.marginUsed,
    // The venue counts funding paid as positive; the wire's sign is the user's cash flow.
    funding_accrued: negate(p.cumFunding.sinceOpen),
  };
}

export function toAccount(account: VenueAccount, markets: Market[], coin?: string) {
  const byCoin = new Map(markets.map((m) => [m.coin, m]));
  return {
    positions: account.dex.assetPositions
      .map((a) => a.position)
      .filter((p) => !coin || p.coin === coin)
      .map((p) => toPosition(p, byCoin.get(p.coin))),
    account_value: account.accountValue,
    withdrawable: account.withdrawable,
  };
}

export function toFill(f: UserFills[number]) {
  return {
    asset: stripDex(f.coin),
    side: f.side === "B" ? ("buy" as const) : ("sell" as const),
    price: f.px,
    size: f.sz,
    fee: f.fee,
    builder_fee: f.builderFee ?? null,
    // Opening fills realise nothing; the venue reports "0.0" for them.
    closed_pnl: f.dir.startsWith("Open") ? null : f.closedPnl,
    order_id: f.oid,
    time_ms: f.time,
  };
}

export function toOpenOrder(o: FrontendOpenOrders[number]) {
  return {
    asset: stripDex(o.coin),
    side: o.side === "B" ? ("buy" as const) : ("sell" as const),
    limit_price: o.limitPx,
    size: o.sz,
    order_id: o.oid,
    time_ms: o.timestamp,
    reduce_only: o.reduceOnly,
    // a TP/SL not triggered yet
    ...(o.isTrigger && {
      trigger_price: o.triggerPx,
      tpsl: o.orderType.startsWith("Take Profit") ? ("tp" as const) : ("sl" as const),
    }),
  };
}

export function toCandle(c: CandleRows[number]) {
  return {
    time: Math.floor(c.t / 1000),
    open: c.o,
    high: c.h,
    low: c.l,
    close: c.c,
    volume: c.v,
    trades: c.n,
  };
}

function negate(value: string): string {
  if (/^-?0(\.0*)?$/.test(value)) return "0.0";
  return value.startsWith("-") ? value.slice(1) : `-${value}`;
}

/** Exact decimal arithmetic on the venue's price strings: a + sign·b, divided by `halve ? 2 : 1`. */
function decimalOp(a: string, b: string, sign: 1 | -1, halve: boolean): string {
  const places = Math.max(a.split(".")[1]?.length ?? 0, b.split(".")[1]?.length ?? 0) + (halve ? 1 : 0);
  const scaled = (x: string) => {
    const [whole, frac = ""] = x.split(".");
    return BigInt(`${whole}${frac.padEnd(places, "0")}`);
  };
  let n = scaled(a) + BigInt(sign) * scaled(b);
  if (halve) n /= 2n;
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(places + 1, "0");
  const int = digits.slice(0, digits.length - places);
  const frac = digits.slice(digits.length - places).replace(/0+$/, "");
  return `${negative ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

/** The venue's level-2 book (`null` for a coin it does not know) as bids and asks, best first. */
export function toOrderBook(asset: string, book: L2Book | null) {
  const level = (l: { px: string; sz: string; n: number }) => ({ price: l.px, size: l.sz, orders: l.n });
  const [bids, asks] = book?.levels ?? [[], []];
  const bid = bids[0]?.px;
  const ask = asks[0]?.px;
  return {
    asset,
    time_ms: book?.time ?? Date.now(),
    bids: bids.map(level),
    asks: asks.map(level),
    mid_price: bid && ask ? decimalOp(ask, bid, 1, true) : null,
    spread: bid && ask ? decimalOp(ask, bid, -1, false) : null,
  };
}
