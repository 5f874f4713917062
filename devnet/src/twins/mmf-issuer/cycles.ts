import { MMF_CUTOFF } from "@compass/constants";
import { addDays, type Day, isoDate } from "../../calendar/days.ts";
import { isBusinessDay } from "../../calendar/holidays.ts";
import { newYorkDay, newYorkTime } from "../../calendar/new-york.ts";

// The twin's calendar keeps New York time only; a fund striking elsewhere would need its own clock here.
if (MMF_CUTOFF.timeZone !== "America/New_York")
  throw new Error(`the issuer twin's calendar has no clock for ${MMF_CUTOFF.timeZone}`);

/** When business day `d`'s NAV is struck: the fund's cutoff (3:30 PM New York). */
export function strikeAt(d: Day): number {
  return newYorkTime(d, MMF_CUTOFF.hour, MMF_CUTOFF.minute);
}

/**
 * The NAV cycle an order placed at `t` joins: that day when it is a business day and `t` is before its cutoff,
 * otherwise the next business day. Returns the day and when its strike happens.
 */
export function cycleFor(t: number): { date: string; at: number } {
  let day = newYorkDay(t);
  if (!isBusinessDay(day) || t >= strikeAt(day)) {
    do day = addDays(day, 1);
    while (!isBusinessDay(day));
  }
  return { date: isoDate(day), at: strikeAt(day) };
}

/** The latest strike at or before `t` (the NAV currently published). */
export function lastStrike(t: number): { date: Day; at: number } {
  let day = newYorkDay(t);
  while (!isBusinessDay(day) || strikeAt(day) > t) day = addDays(day, -1);
  return { date: day, at: strikeAt(day) };
}

/** The next strike after `t`: when an order placed now settles. */
export function nextStrike(t: number): { date: string; at: number } {
  return cycleFor(t);
}
