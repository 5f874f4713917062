import {
  addDays,
  type CivilDate,
  cutoffAt,
  cycleDay,
  isBusinessDay,
  isoDate,
  zonedTime,
} from "@compass/api/calendar/index";
import { MMF_CUTOFF } from "@compass/constants";

/** The NAV cycle an order placed at `t` joins: its business day and when that day's strike happens. */
export function cycleFor(t: number): { date: string; at: number } {
  const day = cycleDay(t, MMF_CUTOFF);
  return { date: isoDate(day), at: cutoffAt(day, MMF_CUTOFF) };
}

/** The latest strike at or before `t` (the NAV currently published). */
export function lastStrike(t: number): { date: CivilDate; at: number } {
  const local = zonedTime(t, MMF_CUTOFF.timeZone);
  let day: CivilDate = { year: local.year, month: local.month, day: local.day };
  for (;;) {
    if (isBusinessDay(day) && cutoffAt(day, MMF_CUTOFF) <= t)
      return { date: day, at: cutoffAt(day, MMF_CUTOFF) };
    day = addDays(day, -1);
  }
}

/** The next strike after `t`: when an order placed now settles. */
export function nextStrike(t: number): { date: string; at: number } {
  return cycleFor(t);
}
