import { addDays, type CivilDate, nthWeekday, sameDate, weekday } from "./civil-date.ts";

/** Western Easter Sunday (anonymous Gregorian algorithm). */
export function easter(year: number): CivilDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** A fixed-date holiday on a weekend is observed on Friday (Saturday) or Monday (Sunday). */
function observed(d: CivilDate): CivilDate {
  const w = weekday(d);
  return w === 6 ? addDays(d, -1) : w === 0 ? addDays(d, 1) : d;
}

/**
 * Closures the exchange announced outside its rules (national days of mourning, a hurricane). No rule
 * predicts them; each is added when the NYSE announces it.
 */
const UNSCHEDULED: CivilDate[] = [
  { year: 2004, month: 6, day: 11 }, // President Reagan
  { year: 2007, month: 1, day: 2 }, // President Ford
  { year: 2012, month: 10, day: 29 }, // Hurricane Sandy
  { year: 2012, month: 10, day: 30 },
  { year: 2018, month: 12, day: 5 }, // President George H. W. Bush
  { year: 2025, month: 1, day: 9 }, // President Carter
];

const cache = new Map<number, { full: CivilDate[]; early: CivilDate[] }>();

/**
 * NYSE full closures and 1 PM early closes of a year, from the exchange's published rules and its
 * announced unscheduled closures. New Year's Day falling on a Saturday is not observed on the preceding
 * Friday (NYSE rule 7.2).
 */
export function nyseHolidays(year: number): { full: CivilDate[]; early: CivilDate[] } {
  const hit = cache.get(year);
  if (hit) return hit;
  const newYear = { year, month: 1, day: 1 };
  const full = [
    ...(weekday(newYear) === 6 ? [] : [observed(newYear)]),
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    addDays(easter(year), -2), // Good Friday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    ...(year >= 2022 ? [observed({ year, month: 6, day: 19 })] : []), // Juneteenth
    observed({ year, month: 7, day: 4 }),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving
    observed({ year, month: 12, day: 25 }),
    ...UNSCHEDULED.filter((d) => d.year === year),
  ];
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  const early = [{ year, month: 7, day: 3 }, addDays(thanksgiving, 1), { year, month: 12, day: 24 }].filter(
    (d) => weekday(d) >= 1 && weekday(d) <= 5 && !full.some((h) => sameDate(h, d)),
  );
  const result = { full, early };
  cache.set(year, result);
  return result;
}

export function isNyseHoliday(d: CivilDate): boolean {
  return nyseHolidays(d.year).full.some((h) => sameDate(h, d));
}

export function isNyseEarlyClose(d: CivilDate): boolean {
  return nyseHolidays(d.year).early.some((h) => sameDate(h, d));
}
