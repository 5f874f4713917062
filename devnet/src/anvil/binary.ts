import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/**
 * Path of the anvil executable. Prefers the platform package's native binary over the
 * `node_modules/.bin/anvil` wrapper: the wrapper is an extra node process between us and anvil,
 * which costs startup time and would need its own signal forwarding. ANVIL_BIN overrides both.
 */
export function anvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const exe = process.platform === "win32" ? "anvil.exe" : "anvil";
  try {
    const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
    const bin = join(dirname(pkg), "bin", exe);
    if (existsSync(bin)) return bin;
  } catch {
    // platform package missing: fall through to the wrapper
  }
  try {
    return join(dirname(require.resolve("@foundry-rs/anvil/package.json")), "bin.mjs");
  } catch {
    throw new Error("anvil not found: install @foundry-rs/anvil (a devnet dependency) or set ANVIL_BIN");
  }
}
