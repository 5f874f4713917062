import type { z } from "zod";
import type { Loc, ValidationIssue } from "../kernel/errors.ts";

/** Map zod issues to FastAPI-style `{loc, msg, type}` entries, each naming its field. */
export function toValidationIssues(where: "body" | "query" | "path", error: z.ZodError): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of error.issues) flatten(where, issue as any, [], out);
  return out;
}

function flatten(where: string, issue: any, prefix: PropertyKey[], out: ValidationIssue[]): void {
  const path = [...prefix, ...(issue.path ?? [])] as PropertyKey[];
  const loc: Loc = [where, ...path.map((p) => (typeof p === "number" ? p : String(p)))];
  if (issue.code === "invalid_union") {
    const branches: any[][] = issue.errors ?? [];
    // Prefer the branch that got furthest (deepest path); otherwise report one combined message.
    const deepest = branches
      .map((b) => ({ b, depth: Math.max(0, ...b.map((i) => (i.path ?? []).length)) }))
      .sort((a, b) => b.depth - a.depth)[0];
    if (deepest && deepest.depth > 0) {
      for (const i of deepest.b) flatten(where, i, path, out);
      return;
    }
    if (issue.note || issue.message !== "Invalid input") {
      out.push({ loc, msg: issue.message, type: "value_error" });
      return;
    }
    if (
      branches.some((b) =>
        b.some((i) => i.code === "invalid_type" && received(i) === "undefined" && !(i.path ?? []).length),
      )
    ) {
      out.push({ loc, msg: "Field required", type: "missing" });
      return;
    }
    const expected = [
      ...new Set(
        branches
          .flat()
          .map((i) => i.expected)
          .filter(Boolean),
      ),
    ];
    out.push({
      loc,
      msg: expected.length ? `Input should be a valid ${expected.join(" or ")}` : "Input is invalid",
      type: "union_type",
    });
    return;
  }
  if (issue.code === "unrecognized_keys") {
    for (const key of issue.keys ?? [])
      out.push({ loc: [...loc, key], msg: "Extra inputs are not permitted", type: "extra_forbidden" });
    return;
  }
  out.push({ loc, msg: message(issue), type: type(issue) });
}

function received(issue: any): string {
  const m = /received (\w+)/.exec(issue.message ?? "");
  return m?.[1] ?? "";
}

function message(issue: any): string {
  switch (issue.code) {
    case "invalid_type":
      if (received(issue) === "undefined") return "Field required";
      return `Input should be a valid ${issue.expected}`;
    case "invalid_value":
      if (issue.values?.length === 1) return `Input should be ${JSON.stringify(issue.values[0])}`;
      return `Input should be ${issue.values
        .map((v: unknown) => JSON.stringify(v))
        .join(", ")
        .replace(/, ([^,]*)$/, " or $1")}`;
    case "too_small":
      if (issue.origin === "string")
        return `String should have at least ${issue.minimum} character${issue.minimum === 1 ? "" : "s"}`;
      if (issue.origin === "array")
        return `List should have at least ${issue.minimum} item${issue.minimum === 1 ? "" : "s"}`;
      return `Input should be ${issue.inclusive ? "greater than or equal to" : "greater than"} ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `String should have at most ${issue.maximum} characters`;
      if (issue.origin === "array") return `List should have at most ${issue.maximum} items`;
      return `Input should be ${issue.inclusive ? "less than or equal to" : "less than"} ${issue.maximum}`;
    case "invalid_format":
      return issue.message?.startsWith("Invalid string")
        ? `String should match pattern '${issue.pattern ?? issue.format}'`
        : issue.message;
    case "not_multiple_of":
      return `Input should be a multiple of ${issue.divisor}`;
    default:
      return issue.message ?? "Invalid input";
  }
}

function type(issue: any): string {
  switch (issue.code) {
    case "invalid_type":
      if (received(issue) === "undefined") return "missing";
      return `${issue.expected === "int" ? "int" : issue.expected}_type`;
    case "invalid_value":
      return issue.values?.length === 1 ? "literal_error" : "enum";
    case "too_small":
      return issue.origin === "string"
        ? "string_too_short"
        : issue.origin === "array"
          ? "too_short"
          : issue.inclusive
            ? "greater_than_equal"
            : "greater_than";
    case "too_big":
      return issue.origin === "string"
        ? "string_too_long"
        : issue.origin === "array"
          ? "too_long"
          : issue.inclusive
            ? "less_than_equal"
            : "less_than";
    case "invalid_format":
      return "string_pattern_mismatch";
    case "not_multiple_of":
      return "multiple_of";
    default:
      return "value_error";
  }
}
