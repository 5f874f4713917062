export * from "./decimal.ts";
export * from "./json.ts";
