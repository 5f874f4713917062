import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { LogSink } from "../../src/http/log-sink.ts";

const fds: number[] = [];
afterEach(() => {
  for (const fd of fds.splice(0)) closeSync(fd);
});

function sinkToFile(options: ConstructorParameters<typeof LogSink>[1]) {
  const path = join(mkdtempSync(join(tmpdir(), "log-sink-")), "out.log");
  const fd = openSync(path, "a");
  fds.push(fd);
  return { sink: new LogSink(fd, options), read: () => readFileSync(path, "utf8") };
}

const info = (n: number) => `{"level":30,"msg":"line ${n}"}\n`;
const settle = () => new Promise((r) => setTimeout(r, 30));

describe("LogSink", () => {
  test("holds lines until a batch is full, then writes them in order in one go", async () => {
    const { sink, read } = sinkToFile({ batchBytes: 100, maxDelayMs: 60_000 });
    sink.write(info(1));
    sink.write(info(2));
    await settle();
    expect(read()).toBe("");
    for (let i = 3; i <= 6; i++) sink.write(info(i));
    await settle();
    expect(read()).toBe([1, 2, 3, 4].map(info).join(""));
    sink.flushSync();
    expect(read()).toBe([1, 2, 3, 4, 5, 6].map(info).join(""));
  });

  test("a quiet server's line is written within the delay", async () => {
    const { sink, read } = sinkToFile({ batchBytes: 1 << 20, maxDelayMs: 20 });
    sink.write(info(1));
    expect(read()).toBe("");
    await new Promise((r) => setTimeout(r, 80));
    expect(read()).toBe(info(1));
  });

  test("an error line goes out at once, with what was waiting before it", async () => {
    const { sink, read } = sinkToFile({ batchBytes: 1 << 20, maxDelayMs: 60_000 });
    sink.write(info(1));
    sink.write('{"level":50,"msg":"upstream down"}\n');
    await settle();
    expect(read()).toBe(`${info(1)}{"level":50,"msg":"upstream down"}\n`);
  });

  test("lines written while a write is in flight follow it, none lost or reordered", async () => {
    const { sink, read } = sinkToFile({ batchBytes: 64, maxDelayMs: 5 });
    const all: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      all.push(info(i));
      sink.write(info(i));
      if (i % 100 === 0) await new Promise((r) => setImmediate(r));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(read()).toBe(all.join(""));
  });

  test("a reader that stops keeping up costs lines, counted, not unbounded memory", async () => {
    const { sink, read } = sinkToFile({ batchBytes: 1 << 20, maxDelayMs: 60_000, maxBufferedBytes: 100 });
    for (let i = 0; i < 10; i++) sink.write(info(i));
    sink.flushSync();
    const lines = read().trim().split("\n");
    expect(lines.length).toBeLessThan(10);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ level: 40, dropped: 10 - (lines.length - 1) });
  });
});
