import { gzipSync } from "node:zlib";

/** Every script the page's HTML loads (Next's initial chunks), raw and gzip -9, fetched from the server. */
export async function pageJs(pageUrl: string): Promise<{ files: number; raw: number; gzip: number }> {
  const html = await (await fetch(pageUrl)).text();
  const srcs = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!))];
  let raw = 0;
  let gzip = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, pageUrl))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: srcs.length, raw, gzip };
}
