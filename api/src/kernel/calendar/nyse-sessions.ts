import { isBusinessDay, nextBusinessDay } from "./business-day.ts";
import { addDays, type CivilDate, isWeekend } from "./civil-date.ts";
import { isNyseEarlyClose } from "./nyse-holidays.ts";
import { NEW_YORK, zonedTime, zonedToUnix } from "./zoned.ts";

export type Session = "regular" | "premarket" | "postmarket" | "overnight" | "offhours";

/** Regular session of business day `d` in unix seconds: 9:30 to 16:00 ET (13:00 on early-close days). */
export function regularHours(d: CivilDate): { open: number; close: number } {
  const closeHour = isNyseEarlyClose(d) ? 13 : 16;
  return {
    open: zonedToUnix({ ...d, hour: 9, minute: 30 }, NEW_YORK),
    close: zonedToUnix({ ...d, hour: closeHour, minute: 0 }, NEW_YORK),
  };
}

/**
 * The US equity session at unix time `t`: pre-market 4:00–9:30, regular, post-market until 20:00 (four
 * hours after an early close), overnight 20:00–4:00 into a business day, off-hours on weekends/holidays.
 */
export function usEquitySession(t: number): Session {
  const local = zonedTime(t, NEW_YORK);
  const day = { year: local.year, month: local.month, day: local.day };
  const minutes = local.hour * 60 + local.minute;
  const tomorrowTrades = isBusinessDay(addDays(day, 1));
  if (!isBusinessDay(day)) return minutes >= 20 * 60 && tomorrowTrades ? "overnight" : "offhours";
  const { open, close } = regularHours(day);
  if (minutes < 4 * 60) return "overnight";
  if (t < open) return "premarket";
  if (t < close) return "regular";
  if (t < close + 4 * 3600) return "postmarket";
  return tomorrowTrades ? "overnight" : "offhours";
}

/** Next regular-session window that has not ended by `t` (the current one when open). */
export function nextRegularSession(t: number): { open: number; close: number } {
  const local = zonedTime(t, NEW_YORK);
  let day: CivilDate = { year: local.year, month: local.month, day: local.day };
  if (!isBusinessDay(day)) day = nextBusinessDay(day);
  let hours = regularHours(day);
  if (t >= hours.close) hours = regularHours(nextBusinessDay(day));
  return hours;
}

/** Why the regular session is not running at `t` (for TradingStatus.reason). */
export function closedReason(t: number): string {
  const local = zonedTime(t, NEW_YORK);
  const day = { year: local.year, month: local.month, day: local.day };
  if (isWeekend(day)) return "Weekend: US equity markets are closed";
  if (!isBusinessDay(day)) return "US market holiday";
  return "Outside US regular trading hours (9:30 AM–4:00 PM ET)";
}
