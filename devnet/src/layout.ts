import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Where everything lives inside a devnet directory (default: the repo's .devnet). Deleting the
 * directory resets the devnet.
 */
export function devnetPaths(dir: string) {
  return {
    dir,
    addressBook: join(dir, "addressbook.json"),
    /** devnet-wide clock offset shared by all chains (see clock.ts) */
    clock: join(dir, "clock.json"),
    chainState: (chain: string) => join(dir, "chains", `${chain}.json`),
    twinDir: (twin: string) => join(dir, "twins", twin),
    twinState: (twin: string) => join(dir, "twins", twin, "state.json"),
    log: (name: string) => join(dir, "logs", `${name}.log`),
  };
}
export type DevnetPaths = ReturnType<typeof devnetPaths>;

/**
 * The default devnet directory: walking up from `start`, `.devnet` of the first directory that is the repo's
 * root (it holds devnet/package.json) or already has a devnet (.devnet/addressbook.json); `start/.devnet`
 * when there is neither. The API looks in the same places, so both find the devnet without configuration
 * from anywhere inside the repo.
 */
export function findDevnetDir(start = process.cwd()): string {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const candidate = join(dir, ".devnet");
    if (existsSync(join(dir, "devnet", "package.json")) || existsSync(join(candidate, "addressbook.json")))
      return candidate;
    if (dirname(dir) === dir) return join(resolve(start), ".devnet");
  }
}
