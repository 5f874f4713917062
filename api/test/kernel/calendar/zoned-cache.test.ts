import { describe, expect, test } from "vitest";
import { zonedTime } from "../../../src/kernel/calendar/zoned.ts";

/** Intl directly, as zonedTime computed before its offsets were cached per quarter hour. */
function byIntl(t: number, timeZone: string) {
  const parts: Record<string, number> = {};
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  for (const p of f.formatToParts(new Date(t * 1000)))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  return parts;
}

describe("zoned time with cached offsets", () => {
  test("behavior: equals Intl at every second around DST changes and at random times, in zones with odd offsets", () => {
    const zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"];
    // New York's 2026 changes (08 Mar 07:00 UTC, 01 Nov 06:00 UTC), Lord Howe's half-hour shift (05 Apr 2026 15:00 UTC)
    const edges = [1772953200, 1793512800, 1775401200];
    const times = [
      ...edges.flatMap((e) => Array.from({ length: 121 }, (_, i) => e - 60 + i)),
      ...Array.from({ length: 500 }, (_, i) => 1577836800 + ((i * 7_919_993) % 315_360_000)),
    ];
    for (const zone of zones)
      for (const t of times) expect(zonedTime(t, zone), `${zone} at ${t}`).toEqual(byIntl(t, zone));
  });
});
