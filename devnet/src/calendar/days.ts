/**
 * Calendar days of the twins' own NYSE calendar (the MMF issuer's NAV cycle, the Fusion relay's regular session;
 * written for the devnet: it shares nothing with the API's calendar, so a mistake on either side shows up as a
 * disagreement in a test).
 */
export interface Day {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

const SECONDS_PER_DAY = 86_400;

/** Days since 1970-01-01 (negative before). */
function dayNumber(d: Day): number {
  return Math.round(Date.UTC(d.year, d.month - 1, d.day) / 86_400_000);
}

function fromDayNumber(n: number): Day {
  const date = new Date(n * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The UTC calendar day of unix time `t` (seconds). */
export function utcDay(t: number): Day {
  return fromDayNumber(Math.floor(t / SECONDS_PER_DAY));
}

/** Unix seconds of 00:00 UTC on `d`. */
export function utcMidnight(d: Day): number {
  return dayNumber(d) * SECONDS_PER_DAY;
}

export function addDays(d: Day, days: number): Day {
  return fromDayNumber(dayNumber(d) + days);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function dayOfWeek(d: Day): number {
  return (((dayNumber(d) + 4) % 7) + 7) % 7;
}

/** The `n`th `weekday` (0 = Sunday) of a month; n = -1 is the last one. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): Day {
  if (n > 0) {
    const first = { year, month, day: 1 };
    return addDays(first, ((weekday - dayOfWeek(first) + 7) % 7) + (n - 1) * 7);
  }
  const next = month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 };
  const last = addDays(next, -1);
  return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
}

export function isoDate(d: Day): string {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

export function parseIsoDate(text: string): Day {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${text}`);
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (isoDate(fromDayNumber(dayNumber(d))) !== text) throw new Error(`no such date: ${text}`);
  return d;
}
