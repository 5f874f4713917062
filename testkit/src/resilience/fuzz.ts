/**
 * Hostile-input runner, driven by the operation manifest (generated from the registry's zod schemas), so
 * every operation added later is covered without being listed here.
 */

import type { OperationManifest } from "@compass/sdk/manifest";
import fc from "fast-check";
import { type BaselineContext, baselineObject, baselineValue } from "./baseline.ts";
import { BODY_ATTACKS, mutationsFor } from "./mutations.ts";

type Json = Record<string, any>;

export interface Finding {
  op: string;
  case: string;
  status: number;
  problem: "5xx" | "envelope" | "unnamed-field" | "accepted-invalid";
  body: string;
}

export interface FuzzReport {
  op: string;
  tried: number;
  statuses: Record<number, number>;
  findings: Finding[];
}

interface Case {
  label: string;
  field?: string;
  invalid: boolean;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  raw?: { body: string; contentType: string };
}

function kindOf(schema: Json | undefined): string | undefined {
  if (!schema) return undefined;
  const t = Array.isArray(schema.type) ? schema.type.filter((x: string) => x !== "null") : schema.type;
  if (Array.isArray(t)) return t.includes("string") ? "string" : t[0];
  if (t) return t;
  // the first branch that is not JSON null; a nullable union nests the union itself (anyOf in anyOf)
  const b = (schema.anyOf ?? schema.oneOf ?? []).find(
    (x: Json) => x.type !== "null" && (x.type || x.anyOf || x.oneOf),
  );
  return b ? kindOf(b) : undefined;
}

/** The contract kind an address in this field must hold (`x-contract` in the registry's schema). */
function contractOf(schema: Json): string | undefined {
  return schema["x-contract"] ?? (schema.anyOf ?? schema.oneOf ?? []).map(contractOf).find(Boolean);
}

/** Whether the field's schema declares 0 a legitimate amount (`x-zero-allowed`: a range's one side, a revoke). */
function zeroAllowed(schema: Json): boolean {
  return !!schema["x-zero-allowed"] || (schema.anyOf ?? schema.oneOf ?? []).some(zeroAllowed);
}

/** The schema accepts JSON null (e.g. an optional destination that defaults to the owner). */
function nullable(schema: Json): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes("null") || (schema.anyOf ?? schema.oneOf ?? []).some((b: Json) => nullable(b));
}

/**
 * The cases of one operation: the baseline, every field missing and mutated (mutations.ts), an extra field, the body
 * attacks, then random values up to `count`. `systematic` caps the systematic ones at a seeded sample (the baseline
 * always among them): `npm test` tries a different sample each run, `npm run resilience` all of them.
 */
export function casesFor(
  op: OperationManifest,
  ctx: BaselineContext,
  count: number,
  seed: number,
  systematic = Number.POSITIVE_INFINITY,
): Case[] {
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const p of op.params) {
    const v = baselineValue(p.name, p.schema, ctx);
    if (p.in === "path") params[p.name] = v ?? "X";
    else if (p.required && v !== undefined) query[p.name] = v;
  }
  const body = op.body ? baselineObject(op.body, ctx) : undefined;
  const fields: { name: string; where: "path" | "query" | "body"; schema: Json; required: boolean }[] = [
    ...op.params.map((p) => ({ name: p.name, where: p.in, schema: p.schema, required: p.required })),
    ...Object.entries<Json>(op.body?.properties ?? {}).map(([name, schema]) => ({
      name,
      where: "body" as const,
      schema,
      required: (op.body?.required ?? []).includes(name),
    })),
  ];
  const base = (): Case => ({
    label: "baseline",
    invalid: false,
    params: { ...params },
    query: { ...query },
    body: body && structuredClone(body),
  });
  const cases: Case[] = [base()];
  for (const f of fields) {
    if (f.required && f.where !== "path") {
      const c = base();
      c.label = `${f.name}: missing`;
      c.field = f.name;
      c.invalid = true;
      if (f.where === "query") delete c.query[f.name];
      else delete (c.body as Json)[f.name];
      cases.push(c);
    }
    for (const m of mutationsFor(f.name, kindOf(f.schema), contractOf(f.schema), zeroAllowed(f.schema))) {
      const c = base();
      c.label = `${f.name}: ${m.label}`;
      c.field = f.name;
      // path and query values travel as strings: only some mutations stay meaningful there (a boolean or
      // number becomes a perfectly valid string for a free-text parameter such as `search`)
      const asText = typeof m.value === "boolean" || typeof m.value === "number";
      c.invalid =
        m.invalid &&
        !(m.value === null && nullable(f.schema)) &&
        (f.where === "body" ||
          (typeof m.value !== "object" && m.value !== null && !(asText && kindOf(f.schema) === "string")));
      if (f.where === "path") c.params[f.name] = m.value;
      else if (f.where === "query") c.query[f.name] = m.value;
      else (c.body as Json)[f.name] = m.value;
      cases.push(c);
    }
  }
  if (op.body) {
    const extra = base();
    extra.label = "extra field";
    (extra.body as Json).unexpected_field = { nested: [1, "x", null] };
    cases.push(extra);
    for (const a of BODY_ATTACKS)
      cases.push({
        ...base(),
        label: a.label,
        invalid: true,
        raw: { body: a.body, contentType: a.contentType },
      });
  } else {
    const extra = base();
    extra.label = "unknown query parameter";
    extra.query.unexpected = "1";
    cases.push(extra);
  }
  if (cases.length > systematic) {
    const rest = fc.sample(
      fc.shuffledSubarray(cases.slice(1), { minLength: systematic - 1, maxLength: systematic - 1 }),
      {
        numRuns: 1,
        seed,
      },
    )[0]!;
    cases.splice(1, cases.length, ...rest);
  }
  // Fill up to `count` with random values (fast-check, seeded: reproducible) in random fields.
  if (fields.length && cases.length < count) {
    const random = fc.sample(
      fc.tuple(
        fc.integer({ min: 0, max: fields.length - 1 }),
        fc.oneof(fc.anything(), fc.string(), fc.double(), fc.bigInt().map(String)),
      ),
      { numRuns: count - cases.length, seed },
    );
    for (const [i, value] of random) {
      const f = fields[i]!;
      const c = base();
      c.label = `${f.name}: random ${JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? String(v) : v))?.slice(0, 40)}`;
      c.field = f.name;
      c.invalid = false; // random values may be valid; only 5xx and envelope are judged
      if (f.where === "path") c.params[f.name] = String(value);
      else if (f.where === "query")
        c.query[f.name] = typeof value === "object" ? JSON.stringify(value) : String(value);
      else (c.body as Json)[f.name] = value;
      cases.push(c);
    }
  }
  return cases;
}

export async function fuzzOperation(
  baseUrl: string,
  op: OperationManifest,
  ctx: BaselineContext,
  opts: {
    count: number;
    seed?: number;
    /** at most this many systematic cases (a seeded sample); default all */
    systematic?: number;
    headers?: Record<string, string>;
    concurrency?: number;
  },
): Promise<FuzzReport> {
  const cases = casesFor(op, ctx, opts.count, opts.seed ?? 42, opts.systematic);
  const report: FuzzReport = { op: op.operationId, tried: 0, statuses: {}, findings: [] };
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const { status, text } = await send(baseUrl, op, c, opts.headers ?? {});
      report.tried++;
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      const problem = judge(op, c, status, text);
      if (problem)
        report.findings.push({
          op: op.operationId,
          case: c.label,
          status,
          problem,
          body: text.slice(0, 300),
        });
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  return report;
}

async function send(baseUrl: string, op: OperationManifest, c: Case, headers: Record<string, string>) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, n: string) =>
    encodeURIComponent(String(c.params[n] ?? "")),
  );
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(c.query))
    if (v !== undefined) qs.append(k, v !== null && typeof v === "object" ? JSON.stringify(v) : String(v));
  const url = `${baseUrl}${path}${qs.size ? `?${qs}` : ""}`;
  const init: RequestInit = { method: op.method, headers: { ...headers } };
  if (op.method === "POST") {
    (init.headers as Record<string, string>)["content-type"] = c.raw?.contentType ?? "application/json";
    init.body = c.raw?.body ?? JSON.stringify(c.body ?? {});
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, init);
      return { status: res.status, text: await res.text() };
    } catch (error) {
      if (attempt >= 2) return { status: 599, text: `network: ${(error as Error).message}` };
    }
  }
}

function judge(op: OperationManifest, c: Case, status: number, text: string): Finding["problem"] | null {
  if (status >= 500) return "5xx";
  if (status < 400) return c.invalid ? "accepted-invalid" : null;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return "envelope";
  }
  const domainShape = typeof body?.error === "string" && typeof body?.message === "string";
  const detailList =
    Array.isArray(body?.detail) &&
    body.detail.every(
      (d: any) => Array.isArray(d.loc) && typeof d.msg === "string" && typeof d.type === "string",
    );
  const detailString = typeof body?.detail === "string";
  const generic = (status === 404 || status === 405) && detailString; // routing answers before an operation is matched
  const ok =
    op.errorModel === "domain"
      ? domainShape || generic
      : op.errorModel === "mixed" // 422 as a detail list, every other error in the domain envelope
        ? status === 422
          ? detailList
          : domainShape || generic
        : detailList || detailString;
  if (!ok) return "envelope";
  if (status === 422 && c.invalid && c.field) {
    const named =
      (Array.isArray(body.detail) && body.detail.some((d: any) => d.loc.includes(c.field))) ||
      (typeof body.message === "string" && body.message.includes(c.field));
    if (!named) return "unnamed-field";
  }
  return null;
}
