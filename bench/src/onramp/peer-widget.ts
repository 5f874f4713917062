import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSize } from "./bundle-size.ts";

/** A real peer: Coinbase OnchainKit's on-ramp (FundCard, FundButton), installed for this run only. */
export const PEER = {
  pkg: "@coinbase/onchainkit",
  entry: 'export { FundCard, FundButton } from "@coinbase/onchainkit/fund";',
};

/**
 * Installs the peer into a temporary directory (never into the project) with install scripts off, and
 * measures its on-ramp entry the same way as ours. Null when it cannot be installed (e.g. offline).
 */
export async function measurePeer(
  log: (line: string) => void,
): Promise<{ version: string; minified: number; gzip: number } | { error: string }> {
  const dir = mkdtempSync(join(tmpdir(), "compass-bench-peer-"));
  try {
    await promisify(execFile)(
      "npm",
      [
        "install",
        "--prefix",
        dir,
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        "--no-save",
        "--loglevel=error",
        PEER.pkg,
      ],
      { timeout: 300_000, maxBuffer: 16 << 20 },
    );
    const { version } = (
      await import(join(dir, "node_modules", PEER.pkg, "package.json"), { with: { type: "json" } })
    ).default;
    return { version, ...(await gzipSize(PEER.entry, dir)) };
  } catch (error) {
    const message = String((error as Error).message ?? error).split("\n")[0]!;
    log(`  peer widget not measured: ${message}`);
    return { error: message };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
