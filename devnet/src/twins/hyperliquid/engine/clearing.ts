import { closeOrder } from "./book.ts";
import type { Core } from "./core.ts";
import { formatUsd } from "./decimal.ts";
import type { Market } from "./dexes.ts";
import { isIsolated, leverageOf } from "./margin.ts";
import { type FillRow, type Position, slot } from "./state.ts";
import { formatPx, formatSz } from "./ticks.ts";

/**
 * Applies one side of a trade to an account: position and cost basis, realized PnL on the reduced
 * part, fees (exchange + builder, the builder's share credited to the builder), volume, open
 * interest, and the fill row the account will see in userFills. All amounts are integer
 * micro-USDC, so the account value moves by exactly closedPnl − fee. Candles are fed once per
 * trade by the caller, not per side. On an isolated position, margin moves with the size: opening
 * sets notional / leverage aside from the cross balance, reducing releases the same share of the
 * position's collateral (PnL and fees settle with the cross balance).
 */
export interface FillSide {
  user: string;
  m: Market;
  isBuy: boolean;
  pxU: number;
  lots: number;
  /** taker side of the trade */
  crossed: boolean;
  oid: number;
  cloid: string | null;
  builder: { b: string; f: number } | null;
  hash: `0x${string}`;
  tid: number;
  liquidation?: FillRow["liquidation"];
  /** liquidations are charged no trading fee */
  feeRate?: number;
}

/** Fill rows the venue keeps per user (userFillsByTime serves up to the 10000 most recent). */
const FILL_RETENTION = 10_000;

export function applyFill(core: Core, side: FillSide): FillRow {
  const { m, lots, pxU } = side;
  const account = core.account(side.user);
  const before = account.positions[m.coin];
  const start = before?.lots ?? 0;
  const signed = side.isBuy ? lots : -lots;
  const notional = pxU * lots;

  let entryNtl = before?.entryNtl ?? 0;
  let closedPnl = 0;
  let closeLots = 0;
  let openLots = lots;
  const next = start + signed;
  if (start !== 0 && Math.sign(start) !== Math.sign(signed)) {
    closeLots = Math.min(lots, Math.abs(start));
    openLots = lots - closeLots;
    const basis =
      closeLots === Math.abs(start) ? entryNtl : Math.round((entryNtl * closeLots) / Math.abs(start));
    const proceeds = pxU * closeLots;
    closedPnl = start > 0 ? proceeds - basis : basis - proceeds;
    entryNtl -= basis;
    const flipLots = lots - closeLots;
    if (flipLots > 0) entryNtl = pxU * flipLots;
  } else {
    entryNtl += notional;
  }

  const rate = side.feeRate ?? (side.crossed ? core.fees.taker : core.fees.maker);
  const exchangeFee = Math.round(notional * rate);
  const builderFee = side.builder ? Math.round((notional * side.builder.f) / 100_000) : 0;
  account.balance += closedPnl - exchangeFee - builderFee;
  if (builderFee > 0 && side.builder) core.account(side.builder.b).balance += builderFee;
  account.cumVolume += notional;

  let isoMargin: number | undefined;
  if (isIsolated(account, m)) {
    let margin = before?.isoMargin ?? 0;
    if (closeLots > 0) {
      const released =
        closeLots === Math.abs(start) ? margin : Math.round((margin * closeLots) / Math.abs(start));
      margin -= released;
      account.balance += released;
    }
    if (openLots > 0) {
      const add = Math.round((pxU * openLots) / leverageOf(account, m));
      account.balance -= add;
      margin += add;
    }
    isoMargin = margin;
  }
  setPosition(core, side.user, m, start, next, entryNtl, before, isoMargin);

  const row: FillRow = {
    coin: m.coin,
    px: formatPx(m, pxU),
    sz: formatSz(m, lots),
    side: side.isBuy ? "B" : "A",
    time: core.now,
    startPosition: formatSz(m, start),
    dir: direction(start, next),
    closedPnl: formatUsd(closedPnl),
    hash: side.hash,
    oid: side.oid,
    crossed: side.crossed,
    fee: formatUsd(exchangeFee + builderFee),
    tid: side.tid,
    ...(side.cloid ? { cloid: side.cloid as `0x${string}` } : {}),
    ...(side.liquidation ? { liquidation: side.liquidation } : {}),
    feeToken: "USDC",
    twapId: null,
    ...(side.builder ? { builderFee: formatUsd(builderFee) } : {}),
  };
  const rows = slot(core.state.fills, side.user, () => []);
  rows.push(row);
  if (rows.length > FILL_RETENTION) rows.splice(0, rows.length - FILL_RETENTION);
  return row;
}

function setPosition(
  core: Core,
  user: string,
  m: Market,
  start: number,
  next: number,
  entryNtl: number,
  before: Position | undefined,
  isoMargin: number | undefined,
): void {
  const account = core.account(user);
  adjustOpenInterest(core, m, start, next);
  if (next === 0) {
    delete account.positions[m.coin];
    cancelPositionTpsl(core, user, m.coin);
    return;
  }
  const reopened = !before || Math.sign(start) !== Math.sign(next);
  account.positions[m.coin] = {
    lots: next,
    entryNtl,
    fundingSinceOpen: reopened ? 0 : before.fundingSinceOpen,
    fundingSinceChange: 0,
    ...(isoMargin === undefined ? {} : { isoMargin }),
  };
}

/**
 * A position that closes takes its position TP/SL with it (those not already executing); one whose
 * sibling is the order closing it ends as that sibling's OCO partner would.
 */
function cancelPositionTpsl(core: Core, user: string, coin: string): void {
  for (const oid of [...(core.state.triggers[coin] ?? [])]) {
    const order = core.state.orders[oid];
    if (order?.user !== user || order.trigger?.grouping !== "positionTpsl") continue;
    const siblingExecuting = order.trigger.siblings?.some(
      (s) => core.state.orders[s]?.status === "triggered",
    );
    closeOrder(core, order, siblingExecuting ? "siblingFilledCanceled" : "canceled");
  }
}

/** Open interest is the long side's size; every party's change feeds it (the maker's too). */
function adjustOpenInterest(core: Core, m: Market, start: number, next: number): void {
  core.state.oiLots[m.coin] = (core.state.oiLots[m.coin] ?? 0) + Math.max(next, 0) - Math.max(start, 0);
}

/** The counterparty side of a fill against the built-in maker. */
export function makerFill(core: Core, m: Market, makerBuys: boolean, lots: number): void {
  const start = core.state.makerLots[m.coin] ?? 0;
  const next = start + (makerBuys ? lots : -lots);
  core.state.makerLots[m.coin] = next;
  adjustOpenInterest(core, m, start, next);
}

function direction(start: number, next: number): string {
  if (start >= 0 && next > start) return "Open Long";
  if (start <= 0 && next < start) return "Open Short";
  if (start > 0 && next < 0) return "Long > Short";
  if (start < 0 && next > 0) return "Short > Long";
  return start > 0 ? "Close Long" : "Close Short";
}
