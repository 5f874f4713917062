import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { STATIC_READER_CODE } from "../../../src/kernel/chain/lens/static-reader.ts";
import { VIEW_LENS_CODE } from "../../../src/kernel/chain/lens/view-lens.ts";

/** The lenses' committed bytecode is what their Yul sources compile to (solc, optimizer on, 200 runs). */
describe.each([
  ["ViewLens", VIEW_LENS_CODE],
  ["StaticReader", STATIC_READER_CODE.slice(2)],
])("%s", (name, committed) => {
  it(`compiles from ${name}.yul to the committed code`, () => {
    const solc = createRequire(import.meta.url)("solc") as { compile: (input: string) => string };
    const source = readFileSync(
      fileURLToPath(new URL(`../../../src/kernel/chain/lens/${name}.yul`, import.meta.url)),
      "utf8",
    );
    const output = JSON.parse(
      solc.compile(
        JSON.stringify({
          language: "Yul",
          sources: { [`${name}.yul`]: { content: source } },
          settings: {
            optimizer: { enabled: true, runs: 200 },
            outputSelection: { "*": { "*": ["evm.bytecode.object"] } },
          },
        }),
      ),
    );
    expect(output.errors ?? []).toEqual([]);
    expect(output.contracts[`${name}.yul`][name].evm.bytecode.object).toBe(committed);
  });
});
