import { addDays, type Day, dayOfWeek, isoDate, nthWeekday } from "./days.ts";

const [SUNDAY, MONDAY, THURSDAY, SATURDAY] = [0, 1, 4, 6];

/**
 * Days the New York Stock Exchange closed outside its schedule (national days of mourning, Hurricane Sandy).
 * Fund NAVs are not struck on them either.
 */
const UNSCHEDULED_CLOSURES = ["2012-10-29", "2012-10-30", "2018-12-05", "2025-01-09"];

/** Easter Sunday in the Gregorian calendar (the anonymous Gregorian computus). */
export function easterSunday(year: number): Day {
  const golden = year % 19;
  const century = Math.floor(year / 100);
  const yearOfCentury = year % 100;
  const leapCorrection = Math.floor(century / 4);
  const moonCorrection = Math.floor((century - Math.floor((century + 8) / 25) + 1) / 3);
  const epact = (19 * golden + century - leapCorrection - moonCorrection + 15) % 30;
  const weekdayShift =
    (32 + 2 * (century % 4) + 2 * Math.floor(yearOfCentury / 4) - epact - (yearOfCentury % 4)) % 7;
  const lateCorrection = Math.floor((golden + 11 * epact + 22 * weekdayShift) / 451);
  const n = epact + weekdayShift - 7 * lateCorrection + 114;
  return { year, month: Math.floor(n / 31), day: (n % 31) + 1 };
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(d: Day): Day {
  const weekday = dayOfWeek(d);
  return weekday === SATURDAY ? addDays(d, -1) : weekday === SUNDAY ? addDays(d, 1) : d;
}

/** The NYSE's full-day holidays of `year` (the rules in force since 2022, when Juneteenth was added). */
export function exchangeHolidays(year: number): Day[] {
  const newYear = { year, month: 1, day: 1 };
  const days = [
    nthWeekday(year, 1, MONDAY, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, MONDAY, 3), // Washington's Birthday
    addDays(easterSunday(year), -2), // Good Friday
    nthWeekday(year, 5, MONDAY, -1), // Memorial Day
    observed({ year, month: 7, day: 4 }), // Independence Day
    nthWeekday(year, 9, MONDAY, 1), // Labor Day
    nthWeekday(year, 11, THURSDAY, 4), // Thanksgiving
    observed({ year, month: 12, day: 25 }), // Christmas
  ];
  // New Year's Day on a Saturday is not made up on the Friday before: that is the last day of the year.
  if (dayOfWeek(newYear) !== SATURDAY) days.push(observed(newYear));
  if (year >= 2022) days.push(observed({ year, month: 6, day: 19 })); // Juneteenth
  return days;
}

const cache = new Map<number, Set<string>>();

function closures(year: number): Set<string> {
  let set = cache.get(year);
  if (!set) {
    set = new Set(exchangeHolidays(year).map(isoDate));
    for (const date of UNSCHEDULED_CLOSURES) if (date.startsWith(`${year}-`)) set.add(date);
    cache.set(year, set);
  }
  return set;
}

/** A US business day: Monday to Friday, and the exchange is open. */
export function isBusinessDay(d: Day): boolean {
  const weekday = dayOfWeek(d);
  return weekday !== SATURDAY && weekday !== SUNDAY && !closures(d.year).has(isoDate(d));
}
