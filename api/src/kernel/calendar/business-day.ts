import { addDays, type CivilDate, isWeekend } from "./civil-date.ts";
import { isNyseHoliday } from "./nyse-holidays.ts";
import { NEW_YORK, zonedTime, zonedToUnix } from "./zoned.ts";

/** A US business day: a weekday on which the NYSE is open. */
export function isBusinessDay(d: CivilDate): boolean {
  return !isWeekend(d) && !isNyseHoliday(d);
}

export function nextBusinessDay(d: CivilDate): CivilDate {
  let next = addDays(d, 1);
  while (!isBusinessDay(next)) next = addDays(next, 1);
  return next;
}

export interface Cutoff {
  hour: number;
  minute: number;
  timeZone?: string;
}

/** Unix seconds of the cutoff on business day `d`. */
export function cutoffAt(d: CivilDate, cutoff: Cutoff): number {
  return zonedToUnix({ ...d, hour: cutoff.hour, minute: cutoff.minute }, cutoff.timeZone ?? NEW_YORK);
}

/**
 * The business day whose cutoff an order placed at unix time `t` makes: that day when it is a business
 * day and `t` is before its cutoff, otherwise the next business day.
 */
export function cycleDay(t: number, cutoff: Cutoff): CivilDate {
  const local = zonedTime(t, cutoff.timeZone ?? NEW_YORK);
  const day = { year: local.year, month: local.month, day: local.day };
  if (isBusinessDay(day) && t < cutoffAt(day, cutoff)) return day;
  return nextBusinessDay(day);
}
