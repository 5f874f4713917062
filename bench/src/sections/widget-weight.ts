import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildVariant, packTarballs, prepareApp, VARIANTS, type Weight } from "@compass/partner-app/build";
import type { BenchRow, BenchSection } from "../types.ts";

const kB = (n: number) => Math.round((n / 1024) * 10) / 10;

/**
 * (issue 16) What the widgets add to a partner's app: a minimal Vite + wagmi app built from the packed tarballs,
 * without widgets (the baseline of the same run), with each widget, with both. gzip -9 of the JS; the locale
 * catalogs (loaded on demand, one locale per visitor) apart.
 */
export const widgetWeight: BenchSection = {
  name: "widget-weight",
  async run() {
    const dir = prepareApp(
      { react: 19, wagmi: 3 },
      packTarballs(mkdtempSync(join(tmpdir(), "compass-tarballs-"))),
    );
    const w = {} as Record<(typeof VARIANTS)[number], Weight>;
    for (const v of VARIANTS) w[v] = await buildVariant(dir, v);
    const base = w.baseline;
    const rows: BenchRow[] = [
      {
        section: "widget-weight",
        metric: "partner app without widgets (React 19, wagmi 3, Vite; gzip)",
        value: kB(base.total),
        unit: "kB",
        note: "the baseline",
      },
    ];
    const names = { onramp: "the on-ramp", perps: "the perpetuals widget", both: "both widgets" } as const;
    for (const v of ["onramp", "perps", "both"] as const)
      rows.push({
        section: "widget-weight",
        metric: `${names[v]} add (gzip)`,
        value: kB(w[v].total - base.total),
        unit: "kB",
        note: `${((w[v].total / base.total - 1) * 100).toFixed(0)}% over the baseline; first load +${kB(w[v].firstLoad - base.firstLoad)} kB${v === "both" ? "; budget 35 kB" : v === "onramp" ? "; first-load budget 12 kB" : ""}`,
      });
    const catalogs = Object.values(w.both.catalogs).map((c) => c.own);
    rows.push({
      section: "widget-weight",
      metric: "one locale's catalog, largest of both widgets (gzip)",
      value: catalogs.length ? kB(Math.max(...catalogs)) : "n/a",
      unit: catalogs.length ? "kB" : undefined,
      note: `${catalogs.length} catalogs, each loaded only in its locale; budget 2 kB`,
    });
    return rows;
  },
};
