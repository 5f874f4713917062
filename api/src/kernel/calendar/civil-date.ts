/** A calendar date without a time zone (proleptic Gregorian), e.g. a trading day. */
export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

function toEpochDay(d: CivilDate): number {
  return Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;
}

function fromEpochDay(n: number): CivilDate {
  const date = new Date(n * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(d: CivilDate, days: number): CivilDate {
  return fromEpochDay(toEpochDay(d) + days);
}

/** 0 = Sunday … 6 = Saturday */
export function weekday(d: CivilDate): number {
  return new Date(toEpochDay(d) * DAY_MS).getUTCDay();
}

export function isWeekend(d: CivilDate): boolean {
  const w = weekday(d);
  return w === 0 || w === 6;
}

export function sameDate(a: CivilDate, b: CivilDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

export function compareDates(a: CivilDate, b: CivilDate): number {
  return toEpochDay(a) - toEpochDay(b);
}

/** `YYYY-MM-DD` */
export function isoDate(d: CivilDate): string {
  return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

export function parseIsoDate(text: string): CivilDate {
  const [year, month, day] = text.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

/** The n-th (1-based) given weekday of a month; n = -1 for the last one. */
export function nthWeekday(year: number, month: number, dow: number, n: number): CivilDate {
  if (n > 0) {
    const first = { year, month, day: 1 };
    const shift = (dow - weekday(first) + 7) % 7;
    return addDays(first, shift + (n - 1) * 7);
  }
  const lastOfMonth = addDays(
    month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 },
    -1,
  );
  return addDays(lastOfMonth, -((weekday(lastOfMonth) - dow + 7) % 7));
}
