import { expect, test } from "vitest";
import { drift } from "../scripts/generate.ts";

test("behavior: generated SDK, manifest and Python files match the registry", () => {
  expect(drift(), "run `npm run generate` and commit the result").toEqual([]);
});
