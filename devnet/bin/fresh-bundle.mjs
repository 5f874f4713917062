// Plain JavaScript so the devnet's command line can ask it before any TypeScript loader is registered; the
// bundler (src/process/bundle.ts) writes the inputs file this reads.
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";

/** The file that lists what esbuild compiled into `outFile`. */
export const inputsFile = (outFile) => `${outFile}.inputs.json`;

/** `outFile` when it exists, was built from `entry`, and is newer than every file it compiled in. */
export function freshBundle(outFile, entry) {
  try {
    const inputs = JSON.parse(readFileSync(inputsFile(outFile), "utf8"));
    if (inputs.entry !== resolve(entry)) return undefined;
    const built = statSync(outFile).mtimeMs;
    return inputs.files.every((f) => statSync(f).mtimeMs <= built) ? outFile : undefined;
  } catch {
    return undefined; // absent, unreadable, or an input is gone
  }
}
