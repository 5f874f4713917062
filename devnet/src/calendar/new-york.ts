import { type Day, nthWeekday, utcDay, utcMidnight } from "./days.ts";

/**
 * Wall-clock time in New York, from the US daylight-saving rule (in force since 2007): EDT (UTC−4) from
 * 2:00 EST on the second Sunday of March until 2:00 EDT on the first Sunday of November, EST (UTC−5)
 * otherwise. Computed here rather than through Intl so the twin's clock is its own.
 */
const HOUR = 3_600;
const SUNDAY = 0;

/** New York's offset from UTC at unix time `t`, in hours (−4 in summer, −5 in winter). */
export function newYorkUtcOffset(t: number): -4 | -5 {
  const { year } = utcDay(t);
  const summerFrom = utcMidnight(nthWeekday(year, 3, SUNDAY, 2)) + 2 * HOUR + 5 * HOUR;
  const summerUntil = utcMidnight(nthWeekday(year, 11, SUNDAY, 1)) + 2 * HOUR + 4 * HOUR;
  return t >= summerFrom && t < summerUntil ? -4 : -5;
}

/** The calendar day in New York at unix time `t`. */
export function newYorkDay(t: number): Day {
  return utcDay(t + newYorkUtcOffset(t) * HOUR);
}

/**
 * Unix seconds of `hour:minute` New York time on day `d`. (The hour skipped or repeated when the clocks
 * change, 2–3 AM on a Sunday, is never a cutoff.)
 */
export function newYorkTime(d: Day, hour: number, minute: number): number {
  const asIfUtc = utcMidnight(d) + hour * HOUR + minute * 60;
  const winter = asIfUtc + 5 * HOUR;
  return newYorkUtcOffset(winter) === -4 ? asIfUtc + 4 * HOUR : winter;
}
