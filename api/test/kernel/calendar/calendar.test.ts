import { describe, expect, test } from "vitest";
import {
  cutoffAt,
  cycleDay,
  isoDate,
  nextRegularSession,
  nyseHolidays,
  usEquitySession,
} from "../../../src/kernel/calendar/index.ts";

const CUTOFF = { hour: 15, minute: 30 };
const t = (iso: string) => Date.parse(iso) / 1000;
const cycle = (iso: string) => isoDate(cycleDay(t(iso), CUTOFF));

describe("NYSE holidays", () => {
  test("default: the published 2026 closures and early closes", () => {
    const { full, early } = nyseHolidays(2026);
    expect(full.map(isoDate)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-04-03",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03", // Independence Day falls on a Saturday
      "2026-09-07",
      "2026-11-26",
      "2026-12-25",
    ]);
    expect(early.map(isoDate)).toEqual(["2026-11-27", "2026-12-24"]);
  });

  test("behavior: New Year's Day on a Saturday is not observed on the Friday before", () => {
    expect(nyseHolidays(2027).full.map(isoDate)).not.toContain("2027-12-31");
    expect(nyseHolidays(2022).full.map(isoDate)).not.toContain("2021-12-31");
    expect(nyseHolidays(2027).full.map(isoDate)).toContain("2027-12-24"); // Christmas on a Saturday
  });

  test("behavior: announced unscheduled closures are closed days, and a session does not open on them", () => {
    expect(nyseHolidays(2025).full.map(isoDate)).toContain("2025-01-09"); // day of mourning, President Carter
    expect(nyseHolidays(2018).full.map(isoDate)).toContain("2018-12-05");
    // 10:00 New York on 2025-01-09 is not the regular session; the next one opens on the 10th
    expect(usEquitySession(t("2025-01-09T15:00:00Z"))).toBe("offhours");
    expect(usEquitySession(t("2025-01-08T15:00:00Z"))).toBe("regular");
    expect(isoDate(cycleDay(t("2025-01-08T21:00:00Z"), CUTOFF))).toBe("2025-01-10");
  });
});

describe("NAV cycle of an order (3:30 PM New York cutoff)", () => {
  test("default: before the cutoff joins that business day, after it the next", () => {
    expect(cycle("2026-11-23T20:29:59Z")).toBe("2026-11-23"); // Mon 15:29:59 EST
    expect(cycle("2026-11-23T20:30:00Z")).toBe("2026-11-24"); // exactly at the cutoff: too late
  });

  test("behavior: the cutoff follows daylight saving time", () => {
    // 15:30 is 19:30Z under EDT (from 2026-03-08) and 20:30Z under EST.
    expect(new Date(cutoffAt({ year: 2026, month: 3, day: 6 }, CUTOFF) * 1000).toISOString()).toBe(
      "2026-03-06T20:30:00.000Z",
    );
    expect(new Date(cutoffAt({ year: 2026, month: 3, day: 9 }, CUTOFF) * 1000).toISOString()).toBe(
      "2026-03-09T19:30:00.000Z",
    );
    expect(cycle("2026-03-09T19:45:00Z")).toBe("2026-03-10"); // 15:45 EDT
    expect(cycle("2026-11-02T20:15:00Z")).toBe("2026-11-02"); // 15:15 EST, first Monday after the change
  });

  test("behavior: weekends and holidays roll to the next business day", () => {
    expect(cycle("2026-11-21T15:00:00Z")).toBe("2026-11-23"); // Saturday
    expect(cycle("2026-11-25T21:00:00Z")).toBe("2026-11-27"); // Wed after cutoff; Thu is Thanksgiving
    expect(cycle("2026-12-24T20:00:00Z")).toBe("2026-12-24"); // early-close day still has its cutoff
    expect(cycle("2026-12-31T21:00:00Z")).toBe("2027-01-04"); // New Year's Day, then a weekend
  });
});

describe("US equity sessions", () => {
  test("default: regular, pre-, post-market and overnight on a business day", () => {
    expect(usEquitySession(t("2026-11-23T15:00:00Z"))).toBe("regular"); // 10:00 EST
    expect(usEquitySession(t("2026-11-23T12:00:00Z"))).toBe("premarket");
    expect(usEquitySession(t("2026-11-23T22:00:00Z"))).toBe("postmarket");
    expect(usEquitySession(t("2026-11-24T02:00:00Z"))).toBe("overnight");
  });

  test("behavior: weekends are off-hours until Sunday's overnight session", () => {
    expect(usEquitySession(t("2026-11-21T18:00:00Z"))).toBe("offhours");
    expect(usEquitySession(t("2026-11-23T02:00:00Z"))).toBe("overnight"); // Sunday 21:00 EST
  });

  test("behavior: an early close ends the regular session at 1 PM", () => {
    expect(usEquitySession(t("2026-11-27T18:30:00Z"))).toBe("postmarket"); // 13:30 EST, day after Thanksgiving
    const next = nextRegularSession(t("2026-11-27T15:00:00Z"));
    expect(new Date(next.close * 1000).toISOString()).toBe("2026-11-27T18:00:00.000Z");
  });

  test("behavior: the next session after Friday's close is Monday's", () => {
    const next = nextRegularSession(t("2026-11-20T22:00:00Z"));
    expect(new Date(next.open * 1000).toISOString()).toBe("2026-11-23T14:30:00.000Z");
  });
});
