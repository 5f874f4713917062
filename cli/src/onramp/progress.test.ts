import { describe, expect, test } from "vitest";
import { elapsed, progressLine } from "./progress.ts";

describe("progressLine", () => {
  test("default: off a terminal, one line per status change", () => {
    const out: string[] = [];
    const line = progressLine((t) => out.push(t), false);
    line.update("pending", "a");
    line.update("pending", "b");
    line.update("processing", "c");
    line.done();
    expect(out).toEqual(["pending — a\n", "processing — c\n"]);
  });

  test("parameters: on a terminal, the line is redrawn in place and ended once", () => {
    const out: string[] = [];
    const line = progressLine((t) => out.push(t), true);
    line.update("pending", "a");
    line.update("pending", "b");
    line.done();
    expect(out).toEqual(["\r\x1b[2Kpending — a", "\r\x1b[2Kpending — b", "\n"]);
    expect(elapsed(75_500)).toBe("1:15");
  });
});
