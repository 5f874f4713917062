import { gzipSync } from "node:zlib";
import { chromiumLaunchOptions } from "@compass/testkit/chromium";
import { chromium } from "@playwright/test";

/**
 * The page as Debian's chromium loads it: the scripts it actually fetches (a `nomodule` polyfill bundle in the HTML is
 * skipped by every modern browser, so it is not counted), each gzip -9, and the time from navigation to network idle
 * (no request in flight). Median of `runs` cold loads, each in a fresh context (no cache).
 */
export async function pageLoad(
  pageUrl: string,
  runs = 5,
): Promise<{ scripts: number; gzip: number; raw: number; idleMs: number }> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const idle: number[] = [];
    let scripts = new Map<string, Buffer>();
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const seen = new Map<string, Buffer>();
      let inFlight = 0;
      let lastDone = 0;
      page.on("request", () => inFlight++);
      const done = () => {
        inFlight--;
        lastDone = performance.now();
      };
      page.on("requestfailed", done);
      page.on("requestfinished", async (request) => {
        if (request.resourceType() === "script") {
          const response = await request.response();
          if (response) seen.set(request.url(), await response.body().catch(() => Buffer.alloc(0)));
        }
        done();
      });
      const start = performance.now();
      await page.goto(pageUrl, { waitUntil: "load" });
      // network idle: nothing in flight for 500 ms; the figure is when the last request finished
      for (;;) {
        await page.waitForTimeout(100);
        if (inFlight === 0 && performance.now() - lastDone >= 500) break;
        if (performance.now() - start > 30_000) break;
      }
      idle.push(lastDone - start);
      scripts = seen;
      await context.close();
    }
    const bodies = [...scripts.values()];
    return {
      scripts: bodies.length,
      raw: bodies.reduce((n, b) => n + b.length, 0),
      gzip: bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
      idleMs: idle.sort((a, b) => a - b)[Math.floor(idle.length / 2)]!,
    };
  } finally {
    await browser.close();
  }
}
