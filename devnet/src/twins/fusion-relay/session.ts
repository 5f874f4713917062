import { isBusinessDay } from "../../calendar/holidays.ts";
import { newYorkDay, newYorkTime } from "../../calendar/new-york.ts";

/** Is unix time `t` inside the NYSE regular session (9:30–16:00 New York on a business day)? */
export function inRegularSession(t: number): boolean {
  const day = newYorkDay(t);
  if (!isBusinessDay(day)) return false;
  return t >= newYorkTime(day, 9, 30) && t < newYorkTime(day, 16, 0);
}
