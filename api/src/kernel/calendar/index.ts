export * from "./business-day.ts";
export * from "./civil-date.ts";
export * from "./nyse-holidays.ts";
export * from "./nyse-sessions.ts";
export * from "./zoned.ts";
