import type { Core } from "../engine/core.ts";
import { formatFloat, formatUsd, parseUsd } from "../engine/decimal.ts";
import { marketByCoin } from "../engine/dexes.ts";
import { summarize } from "../engine/margin.ts";
import type { FillRow } from "../engine/state.ts";
import { formatSz, parseSize } from "../engine/ticks.ts";
import { address, type Json, uint } from "../signing/fields.ts";
import { userOf } from "./account.ts";
import type {
  Abstraction,
  ExtraAgent,
  Portfolio,
  PortfolioData,
  UserFill,
  UserFunding,
  UserRateLimit,
  UserRole,
} from "./shapes.ts";

/** Per-user history and settings answers. Limits are the venue's documented page sizes. */

const FILLS_PAGE = 2_000;
const FUNDING_PAGE = 500;

/** userFills: the most recent fills, newest first. */
export function userFills(core: Core, req: Json): UserFill[] {
  const rows = core.state.fills[userOf(req)] ?? [];
  const recent = rows.slice(-FILLS_PAGE).reverse();
  return req.aggregateByTime === true ? aggregate(recent) : recent;
}

/** userFillsByTime: fills in [startTime, endTime], oldest first unless `reversed`. */
export function userFillsByTime(core: Core, req: Json): UserFill[] {
  const start = uint(req.startTime, "startTime");
  const end = req.endTime == null ? core.now : uint(req.endTime, "endTime");
  let rows = (core.state.fills[userOf(req)] ?? [])
    .filter((f) => f.time >= start && f.time <= end)
    .slice(0, FILLS_PAGE);
  if (req.aggregateByTime === true) rows = aggregate(rows);
  return req.reversed === true ? rows.reverse() : rows;
}

/** Merges partial fills of one order at one instant (one crossing order against several levels). */
function aggregate(rows: FillRow[]): FillRow[] {
  const out: FillRow[] = [];
  for (const row of rows) {
    const last = out[out.length - 1];
    const m = marketByCoin(row.coin);
    if (!last || !m || last.oid !== row.oid || last.time !== row.time || last.side !== row.side) {
      out.push({ ...row });
      continue;
    }
    const lotsA = parseSize(m, last.sz) ?? 0;
    const lotsB = parseSize(m, row.sz) ?? 0;
    const px = (Number(last.px) * lotsA + Number(row.px) * lotsB) / (lotsA + lotsB);
    last.px = formatFloat(px, m.pxDecimals + 2);
    last.sz = formatSz(m, lotsA + lotsB);
    const add = (a: string, b: string) => formatUsd((parseSigned(a) ?? 0) + (parseSigned(b) ?? 0));
    last.fee = add(last.fee, row.fee);
    last.closedPnl = add(last.closedPnl, row.closedPnl);
    if (last.builderFee !== undefined && row.builderFee !== undefined)
      last.builderFee = add(last.builderFee, row.builderFee);
  }
  return out;
}

const parseSigned = (text: string) =>
  text.startsWith("-") ? -(parseUsd(text.slice(1)) ?? 0) : parseUsd(text);

export function userFunding(core: Core, req: Json): UserFunding[] {
  const start = req.startTime == null ? 0 : uint(req.startTime, "startTime");
  const end = req.endTime == null ? core.now : uint(req.endTime, "endTime");
  return (core.state.funding[userOf(req)] ?? [])
    .filter((f) => f.time >= start && f.time <= end)
    .slice(0, FUNDING_PAGE);
}

export function maxBuilderFee(core: Core, req: Json): number {
  return core.peek(userOf(req))?.builderFees[address(req.builder, "builder")] ?? 0;
}

export function userAbstraction(core: Core, req: Json): Abstraction {
  return core.peek(userOf(req))?.abstraction ?? "default";
}

export function userRateLimit(core: Core, req: Json): UserRateLimit {
  const account = core.peek(userOf(req));
  const volumeUsd = Math.floor((account?.cumVolume ?? 0) / 1e6);
  return {
    cumVlm: formatUsd(account?.cumVolume ?? 0),
    nRequestsUsed: account?.requests ?? 0,
    nRequestsCap: 10_000 + volumeUsd,
    nRequestsSurplus: 0,
  };
}

export function userRole(core: Core, req: Json): UserRole {
  const user = userOf(req);
  const agent = core.state.agents[user];
  if (agent) return { role: "agent", data: { user: agent.user as `0x${string}` } };
  return { role: core.peek(user)?.funded ? "user" : "missing" };
}

const DAY = 86_400_000;

/** portfolio: account value and PnL history from the venue's hourly samples (perp-only account, so perp* = total). */
export function portfolio(core: Core, req: Json): Portfolio {
  const user = userOf(req);
  const account = core.peek(user);
  const now = Math.round(summarize(core, user).accountValue);
  const samples: [number, number][] = [...(account?.history ?? []), [core.now, now]];
  const deposits = Object.values(core.state.credits).filter((c) => c.user === user);
  const withdrawn = core.state.payouts.filter((p) => p.user === user);
  const netFlowsUntil = (t: number) =>
    deposits.filter((d) => d.time <= t).reduce((s, d) => s + d.micro, 0) -
    withdrawn
      .filter((p) => p.requestedAt <= t)
      .reduce((s, p) => s + (parseUsd(p.usd) ?? 0) + core.withdrawFeeMicro, 0);
  const data = (span: number): PortfolioData => {
    const inSpan = samples.filter(([t]) => t >= core.now - span);
    return {
      accountValueHistory: inSpan.map(([t, v]) => [t, formatUsd(Math.max(0, v))]),
      pnlHistory: inSpan.map(([t, v]) => [t, formatUsd(v - netFlowsUntil(t))]),
      vlm: formatUsd(account?.cumVolume ?? 0),
    };
  };
  const [day, week, month, all] = [DAY, 7 * DAY, 30 * DAY, Number.POSITIVE_INFINITY].map(data);
  // This account only trades perps, so the perp* periods equal the totals.
  return [
    ["day", day],
    ["week", week],
    ["month", month],
    ["allTime", all],
    ["perpDay", day],
    ["perpWeek", week],
    ["perpMonth", month],
    ["perpAllTime", all],
  ];
}

/** extraAgents: the API wallets a user approved, with their names and expiry. */
export function extraAgents(core: Core, req: Json): ExtraAgent[] {
  const user = userOf(req);
  return Object.entries(core.state.agents)
    .filter(([, a]) => a.user === user)
    .map(([address, a]) => ({
      address: address as `0x${string}`,
      name: a.name,
      validUntil: a.validUntil ?? 0,
    }));
}
