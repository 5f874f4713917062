import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { VIEW_LENS_CODE } from "../../../src/kernel/chain/lens/view-lens.ts";

/** The view lens's committed bytecode is what its Yul source compiles to (solc, optimizer on, 200 runs). */
describe("ViewLens", () => {
  it("compiles from ViewLens.yul to the committed code", () => {
    const solc = createRequire(import.meta.url)("solc") as { compile: (input: string) => string };
    const source = readFileSync(
      fileURLToPath(new URL("../../../src/kernel/chain/lens/ViewLens.yul", import.meta.url)),
      "utf8",
    );
    const output = JSON.parse(
      solc.compile(
        JSON.stringify({
          language: "Yul",
          sources: { "ViewLens.yul": { content: source } },
          settings: {
            optimizer: { enabled: true, runs: 200 },
            outputSelection: { "*": { "*": ["evm.bytecode.object"] } },
          },
        }),
      ),
    );
    expect(output.errors ?? []).toEqual([]);
    expect(output.contracts["ViewLens.yul"].ViewLens.evm.bytecode.object).toBe(VIEW_LENS_CODE);
  });
});
