import { join } from "node:path";

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
