import { describe, expect, it } from "vitest";
import { addDays, isoDate, parseIsoDate } from "../src/calendar/days.ts";
import { easterSunday, exchangeHolidays, isBusinessDay } from "../src/calendar/holidays.ts";
import { newYorkDay, newYorkTime, newYorkUtcOffset } from "../src/calendar/new-york.ts";
import { cycleFor, lastStrike } from "../src/twins/mmf-issuer/cycles.ts";

/** Unix seconds of an ISO instant with an explicit offset, e.g. "2025-03-07T15:30:00-05:00". */
const at = (iso: string) => Date.parse(iso) / 1000;
const sorted = (year: number) => exchangeHolidays(year).map(isoDate).sort();

/** The NYSE's published full-day holidays (nyse.com/markets/hours-calendars), weekend observance included. */
const PUBLISHED: Record<number, string[]> = {
  2022: ["01-17", "02-21", "04-15", "05-30", "06-20", "07-04", "09-05", "11-24", "12-26"],
  2023: ["01-02", "01-16", "02-20", "04-07", "05-29", "06-19", "07-04", "09-04", "11-23", "12-25"],
  2024: ["01-01", "01-15", "02-19", "03-29", "05-27", "06-19", "07-04", "09-02", "11-28", "12-25"],
  2025: ["01-01", "01-20", "02-17", "04-18", "05-26", "06-19", "07-04", "09-01", "11-27", "12-25"],
  2026: ["01-01", "01-19", "02-16", "04-03", "05-25", "06-19", "07-03", "09-07", "11-26", "12-25"],
  2027: ["01-01", "01-18", "02-15", "03-26", "05-31", "06-18", "07-05", "09-06", "11-25", "12-24"],
  2028: ["01-17", "02-21", "04-14", "05-29", "06-19", "07-04", "09-04", "11-23", "12-25"],
};

describe("issuer calendar: days", () => {
  it("round-trips ISO dates and steps across month, year and leap-day boundaries", () => {
    expect(isoDate(parseIsoDate("2024-02-29"))).toBe("2024-02-29");
    expect(() => parseIsoDate("2025-02-29")).toThrow(/no such date/);
    expect(isoDate(addDays(parseIsoDate("2024-02-28"), 1))).toBe("2024-02-29");
    expect(isoDate(addDays(parseIsoDate("2025-12-31"), 1))).toBe("2026-01-01");
    expect(isoDate(addDays(parseIsoDate("2026-03-01"), -1))).toBe("2026-02-28");
  });

  it("computes Easter Sunday", () => {
    const easter = (y: number) => isoDate(easterSunday(y));
    expect([2019, 2024, 2025, 2026, 2027, 2038].map(easter)).toEqual([
      "2019-04-21",
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
      "2038-04-25",
    ]);
  });
});

describe("issuer calendar: NYSE holidays", () => {
  for (const [year, days] of Object.entries(PUBLISHED)) {
    it(`${year} has the exchange's published holidays`, () => {
      expect(sorted(Number(year))).toEqual(days.map((d) => `${year}-${d}`));
    });
  }

  it("behavior: New Year's Day on a Saturday closes nothing; Juneteenth counts from 2022", () => {
    expect(isBusinessDay(parseIsoDate("2021-12-31"))).toBe(true); // Jan 1, 2022 was a Saturday
    expect(isBusinessDay(parseIsoDate("2027-12-31"))).toBe(true); // Jan 1, 2028 is a Saturday
    expect(isBusinessDay(parseIsoDate("2021-06-18"))).toBe(true);
    expect(isBusinessDay(parseIsoDate("2022-06-20"))).toBe(false);
  });

  it("behavior: weekends and unscheduled closures are not business days", () => {
    expect(isBusinessDay(parseIsoDate("2025-01-09"))).toBe(false); // national day of mourning
    expect(isBusinessDay(parseIsoDate("2025-01-11"))).toBe(false); // Saturday
    expect(isBusinessDay(parseIsoDate("2025-01-12"))).toBe(false); // Sunday
    expect(isBusinessDay(parseIsoDate("2025-01-10"))).toBe(true);
  });
});

describe("issuer calendar: New York time", () => {
  it("switches between EST and EDT at 2 AM on the second Sunday of March and the first of November", () => {
    expect(newYorkUtcOffset(at("2025-03-09T01:59:59-05:00"))).toBe(-5);
    expect(newYorkUtcOffset(at("2025-03-09T03:00:00-04:00"))).toBe(-4);
    expect(newYorkUtcOffset(at("2025-11-02T01:59:59-04:00"))).toBe(-4);
    expect(newYorkUtcOffset(at("2025-11-02T01:00:00-05:00"))).toBe(-5);
    expect(newYorkUtcOffset(at("2026-03-08T12:00:00Z"))).toBe(-4);
    expect(newYorkUtcOffset(at("2026-11-01T12:00:00Z"))).toBe(-5);
  });

  it("places 3:30 PM on either side of a change", () => {
    const d = parseIsoDate;
    expect(newYorkTime(d("2025-03-07"), 15, 30)).toBe(at("2025-03-07T20:30:00Z"));
    expect(newYorkTime(d("2025-03-10"), 15, 30)).toBe(at("2025-03-10T19:30:00Z"));
    expect(newYorkTime(d("2025-10-31"), 15, 30)).toBe(at("2025-10-31T19:30:00Z"));
    expect(newYorkTime(d("2025-11-03"), 15, 30)).toBe(at("2025-11-03T20:30:00Z"));
  });

  it("knows the New York day when UTC has already moved on", () => {
    expect(isoDate(newYorkDay(at("2025-01-10T03:00:00Z")))).toBe("2025-01-09");
    expect(isoDate(newYorkDay(at("2025-07-01T03:59:59Z")))).toBe("2025-06-30");
    expect(isoDate(newYorkDay(at("2025-07-01T04:00:00Z")))).toBe("2025-07-01");
  });
});

describe("issuer NAV cycles", () => {
  it("default: before the cutoff an order joins that business day, at or after it the next one", () => {
    expect(cycleFor(at("2025-03-07T15:29:59-05:00"))).toEqual({
      date: "2025-03-07",
      at: at("2025-03-07T15:30:00-05:00"),
    });
    expect(cycleFor(at("2025-03-07T15:30:00-05:00"))).toEqual({
      date: "2025-03-10",
      at: at("2025-03-10T15:30:00-04:00"),
    });
  });

  it("behavior: weekends and holidays roll to the next business day", () => {
    expect(cycleFor(at("2025-04-18T10:00:00-04:00")).date).toBe("2025-04-21"); // Good Friday
    expect(cycleFor(at("2025-07-03T16:00:00-04:00")).date).toBe("2025-07-07"); // past Thursday's cutoff, July 4th
    expect(cycleFor(at("2025-12-31T15:45:00-05:00")).date).toBe("2026-01-02"); // New Year's Day
    expect(cycleFor(at("2025-01-08T23:00:00-05:00")).date).toBe("2025-01-10"); // the Jan 9 closure
    expect(cycleFor(at("2026-07-04T12:00:00-04:00")).date).toBe("2026-07-06"); // Saturday, observed Friday
  });

  it("default: the last strike is the latest business-day cutoff at or before the time", () => {
    expect(lastStrike(at("2025-03-10T10:00:00-04:00"))).toEqual({
      date: parseIsoDate("2025-03-07"),
      at: at("2025-03-07T15:30:00-05:00"),
    });
    expect(lastStrike(at("2025-03-10T15:30:00-04:00")).at).toBe(at("2025-03-10T15:30:00-04:00"));
    expect(isoDate(lastStrike(at("2025-04-21T09:00:00-04:00")).date)).toBe("2025-04-17");
  });
});
