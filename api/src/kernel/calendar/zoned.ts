import type { CivilDate } from "./civil-date.ts";

export const NEW_YORK = "America/New_York";

export interface ZonedTime extends CivilDate {
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function zonedTimeByIntl(t: number, timeZone: string): ZonedTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(t * 1000)))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/**
 * A zone's UTC offset (seconds) per quarter hour of unix time: offsets only change at transitions, and every zone's
 * transitions fall on a quarter hour, so one Intl call serves the whole quarter (Intl formatting is the slow part).
 */
const QUARTER = 900;
const offsets = new Map<string, number>();

/** Wall-clock time in `timeZone` at unix time `t` (seconds); Intl applies the zone's DST rules. */
export function zonedTime(t: number, timeZone = NEW_YORK): ZonedTime {
  const bucket = Math.floor(t / QUARTER);
  const key = `${timeZone}@${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = bucket * QUARTER;
    const z = zonedTimeByIntl(start, timeZone);
    offset = Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute, z.second) / 1000 - start;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  const local = new Date((Math.floor(t) + offset) * 1000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/**
 * Unix seconds of a wall-clock time in `timeZone`. Two passes over the zone offset make it exact across
 * DST changes; a wall time that does not exist (spring forward) resolves to the later offset.
 */
export function zonedToUnix(z: CivilDate & { hour: number; minute: number }, timeZone = NEW_YORK): number {
  const wall = Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute) / 1000;
  let t = wall;
  for (let i = 0; i < 2; i++) {
    const seen = zonedTime(t, timeZone);
    const seenWall =
      Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) / 1000;
    t += wall - seenWall;
  }
  return t;
}
