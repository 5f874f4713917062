/**
 * The resilience report: hostile inputs per operation, faults injected and survived, load held, access
 * control. `npm run resilience` runs it in full; `npm test` runs a bounded form.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OperationManifest } from "@compass/sdk/manifest";
import type { TestAddressBook } from "../live/env.ts";
import { type AccessCheck, runAccess } from "./access.ts";
import { type FaultResult, runFaults } from "./faults.ts";
import { type FuzzReport, fuzzOperation } from "./fuzz.ts";
import { type LoadResult, runLoad } from "./load.ts";
import { loadMixOf } from "./scenarios.ts";

export interface ResilienceOptions {
  /** staging server of a running stack (rate limit off) and its devnet dir */
  url: string;
  devnetDir: string;
  perOp: number;
  /**
   * at most this many of an operation's systematic cases (every field missing and mutated), a sample drawn with
   * `seed`; default all of them (`npm run resilience`)
   */
  systematic?: number;
  /** the sample's seed (printed in the report, so a finding replays with COMPASS_FUZZ_SEED) */
  seed?: number;
  loadSeconds: number;
  /** free ports for the fault stack and the access server */
  faultPortBase: number;
  accessPort: number;
  log?: (line: string) => void;
}

export interface ResilienceReport {
  hostile: FuzzReport[];
  /** the hostile inputs were a sample: at most `systematic` per operation, drawn with `seed` */
  sample?: { systematic: number; seed: number };
  faults: FaultResult[];
  load: LoadResult;
  access: AccessCheck[];
  ok: boolean;
}

export async function runResilience(o: ResilienceOptions): Promise<ResilienceReport> {
  const log = o.log ?? (() => {});
  const book = JSON.parse(readFileSync(join(o.devnetDir, "addressbook.json"), "utf8")) as TestAddressBook;
  // writes default to the first chain (arbitrum): its contracts make the baselines of fields that need one valid
  const arbitrum = book.chains.arbitrum?.contracts ?? {};
  const ctx = {
    addresses: book.accounts.dev.map((a) => a.address),
    contracts: { ...(arbitrum.PendleMarket_USDC ? { "pendle-market": arbitrum.PendleMarket_USDC } : {}) },
  };
  // The SDK's manifest is its built entry (sdk/dist): loaded when the run starts, after the build, so that
  // importing this module (as `npm start` does through @compass/testkit) never needs a built SDK.
  const { manifest: current } = await import("@compass/sdk/manifest");
  // the frozen v0 operations have no SDK: their entries come from the v0 document the server publishes
  const manifest = [...current, ...(await v0Manifest(o.url))];
  // three operations at a time (each with its own 8 requests in flight): a request mostly waits on the chain's
  // RPC, so lanes overlap the waits; the report keeps the registry's order
  const hostile: FuzzReport[] = new Array(manifest.length);
  const seed = o.seed ?? 42;
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < manifest.length; i = next++) {
      const op = manifest[i]!;
      const r = await fuzzOperation(o.url, op, ctx, { count: o.perOp, systematic: o.systematic, seed });
      log(`  hostile ${op.operationId}: ${r.tried} inputs, ${r.findings.length} findings`);
      hostile[i] = r;
    }
  };
  await Promise.all([lane(), lane(), lane()]);
  log("  load…");
  const load = await runLoad(o.url, loadMixOf(book), { seconds: o.loadSeconds, connections: 100 });
  log("  faults…");
  const dir = mkdtempSync(join(tmpdir(), "compass-faults-"));
  const faults = await runFaults({ dir, portBase: o.faultPortBase, port: o.faultPortBase + 55 }).finally(() =>
    rmSync(dir, { recursive: true, force: true }),
  );
  log("  access…");
  const access = await runAccess({
    port: o.accessPort,
    devnetDir: o.devnetDir,
    user: book.accounts.dev[1]!.address,
  });
  const ok =
    hostile.every((h) => h.findings.length === 0) &&
    faults.every((f) => f.survived) &&
    load.errors === 0 &&
    load.non2xx === 0 &&
    load.growth === "ok" &&
    access.every((a) => a.ok);
  return {
    hostile,
    sample: o.systematic === undefined ? undefined : { systematic: o.systematic, seed },
    faults,
    load,
    access,
    ok,
  };
}

export function formatReport(r: ResilienceReport): string {
  const lines: string[] = [];
  const fivexx = r.hostile.reduce((n, h) => n + h.findings.filter((f) => f.problem === "5xx").length, 0);
  const tried = r.hostile.reduce((n, h) => n + h.tried, 0);
  lines.push(
    `Hostile input: ${tried} inputs over ${r.hostile.length} operations, ${fivexx} 5xx, ${r.hostile.reduce((n, h) => n + h.findings.length, 0)} findings${
      r.sample
        ? ` (a sample: ≤ ${r.sample.systematic} systematic cases per operation, seed ${r.sample.seed}; COMPASS_FUZZ_SEED=${r.sample.seed} replays it, \`npm run resilience\` tries all)`
        : ""
    }`,
  );
  for (const h of r.hostile) {
    const by = Object.entries(h.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    lines.push(
      `  ${h.op.padEnd(52)} ${String(h.tried).padStart(4)} tried  ${by}${
        h.findings.length
          ? `  FINDINGS: ${h.findings
              .slice(0, 3)
              .map((f) => `${f.case} → ${f.status} ${f.problem}`)
              .join("; ")}`
          : ""
      }`,
    );
  }
  lines.push(`Faults: ${r.faults.filter((f) => f.survived).length}/${r.faults.length} survived`);
  for (const f of r.faults)
    lines.push(
      `  ${f.survived ? "✔" : "✘"} ${f.name}: ${f.survived ? `during: ${f.during}; after: ${f.after}` : f.error}`,
    );
  lines.push(...formatLoad(r.load));
  lines.push(`Access: ${r.access.filter((a) => a.ok).length}/${r.access.length} checks`);
  for (const a of r.access) lines.push(`  ${a.ok ? "✔" : "✘"} ${a.name} (${a.detail.slice(0, 80)})`);
  lines.push(r.ok ? "RESULT: all held" : "RESULT: FAILED");
  return lines.join("\n");
}

/** The v0 operations as manifest entries (a POST each, its body schema inlined), read from `/v0/openapi.json`. */
async function v0Manifest(url: string): Promise<OperationManifest[]> {
  const res = await fetch(`${url}/v0/openapi.json`);
  if (!res.ok) return [];
  const doc = (await res.json()) as {
    paths: Record<string, any>;
    components: { schemas: Record<string, any> };
  };
  const inline = (node: any, seen: string[] = []): any => {
    if (Array.isArray(node)) return node.map((n) => inline(n, seen));
    if (!node || typeof node !== "object") return node;
    const ref = typeof node.$ref === "string" ? node.$ref.split("/").pop() : undefined;
    if (ref) {
      // the field's own keywords (its examples, its description) over the referenced schema's
      const { $ref: _, ...own } = node;
      return seen.includes(ref)
        ? {}
        : { ...inline(doc.components.schemas[ref], [...seen, ref]), ...inline(own, seen) };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, seen)]));
  };
  return Object.entries(doc.paths).map(
    ([path, item]) =>
      ({
        operationId: `v0_${item.post.operationId}`,
        method: "POST",
        path,
        params: [],
        body: inline(item.post.requestBody.content["application/json"].schema),
        errorModel: "validation",
      }) as unknown as OperationManifest,
  );
}

/** The load's lines: totals, each round, each operation (slowest tail first), the heap and store between rounds. */
/** "API server 20.1 s (31%), anvil 15.2 s (24%), …" of the CPU-seconds the load's processes spent */
export function cpuLine(load: LoadResult): string {
  const total = load.cpu.reduce((n, g) => n + g.seconds, 0);
  return load.cpu
    .map((g) => `${g.group} ${g.seconds} s (${Math.round((100 * g.seconds) / total)}%)`)
    .join(", ");
}

export function formatLoad(load: LoadResult): string[] {
  const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
  const heaps = load.heapAfterGc.filter((h): h is number => h !== null);
  return [
    `Load: ${load.requests} requests at concurrency 100, ${load.errors} errors, ${load.non2xx} non-2xx, ${Math.round(load.rps)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, server RSS ${mb(load.memoryBefore)} → ${mb(load.memoryAfter)}`,
    `  rounds: ${load.rounds.map((x) => `${Math.round(x.rps)} req/s p50 ${x.p50} p99 ${x.p99} ms`).join(" | ")}; the load generator's loop stalled up to ${load.generatorDelay.max} ms`,
    ...(load.cpu.length ? [`  CPU over the rounds: ${cpuLine(load)}`] : []),
    ...load.perOperation.map(
      (o) =>
        `  ${o.label.padEnd(44)} ${String(o.requests).padStart(6)} req  p50 ${o.p50} ms  p99 ${o.p99} ms  max ${o.max} ms`,
    ),
    heaps.length
      ? `  heap after GC per round ${heaps.map((h) => (h / 1048576).toFixed(1)).join(" → ")} MB; shared-store entries ${load.storeEntries.join(" → ")}; ${load.growth === "ok" ? "no unbounded growth" : `✘ ${load.growth}`}`
      : "  heap after GC: not measured (server started without --expose-gc)",
  ];
}
