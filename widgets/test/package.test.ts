import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { publint } from "publint";
import { beforeAll, describe, expect, test } from "vitest";

const dir = join(import.meta.dirname, "..");
const root = join(dir, "..");

// Lints the package as published (the build step of `npm test` runs before unit tests).
beforeAll(() => {
  if (!existsSync(join(dir, "dist/onramp.js")))
    throw new Error("widgets/dist is missing: run `npm run build` first");
});

describe("@compass/widgets as published", () => {
  test("default: publint finds nothing, not even suggestions", async () => {
    const { messages } = await publint({ pkgDir: dir, level: "suggestion", strict: true });
    expect(messages).toEqual([]);
  });

  test("default: types resolve for ESM consumers and bundlers (arethetypeswrong)", async () => {
    const run = await promisify(execFile)(
      join(root, "node_modules/.bin/attw"),
      ["--pack", dir, "--profile", "esm-only", "--format", "ascii"],
      { cwd: root },
    ).then(
      (r) => ({ code: 0, output: r.stdout }),
      (e) => ({ code: e.code as number, output: `${e.stdout}${e.stderr}` }),
    );
    expect(run.code, run.output).toBe(0);
  });
});
