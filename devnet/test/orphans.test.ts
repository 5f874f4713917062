import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { rpcCall } from "../src/rpc.ts";
import { tempDir, unitPortBase } from "./helpers.ts";

const PORT_BASE = unitPortBase(2000);
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

const answers = (url: string) =>
  rpcCall(url, "eth_chainId").then(
    () => true,
    () => false,
  );

/** The best block in an anvil state file; 0 while it is missing or half written. */
function savedBlock(path: string): number {
  try {
    return (JSON.parse(readFileSync(path, "utf8")) as { best_block_number: number }).best_block_number;
  } catch {
    return 0;
  }
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("a launcher that dies without stopping the devnet", () => {
  it("takes its chains and twins with it, and the chain state is still saved", async () => {
    const dir = tempDir("devnet-orphans");
    const launcher = spawn(
      process.execPath,
      [
        "--import",
        tsx,
        fileURLToPath(new URL("./fixtures/launcher.ts", import.meta.url)),
        dir.path,
        String(PORT_BASE),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve, reject) => {
      launcher.stdout.on("data", (chunk: Buffer) => chunk.toString().includes('"ready"') && resolve());
      launcher.once("exit", () => reject(new Error("launcher exited early")));
    });
    const chain = `http://127.0.0.1:${PORT_BASE + 2}`;
    const twin = `http://127.0.0.1:${PORT_BASE + 10}/health`;
    expect(await answers(chain)).toBe(true);
    expect((await fetch(twin)).ok).toBe(true);

    launcher.kill("SIGKILL"); // no exit handler runs: only the reaper and the twin's stdin watch can act
    expect(await eventually(async () => !(await answers(chain)), 10_000)).toBe(true);
    expect(
      await eventually(
        async () =>
          !(await fetch(twin).then(
            (r) => r.ok,
            () => false,
          )),
        10_000,
      ),
    ).toBe(true);
    // the reaper's SIGTERM let anvil write its state: the bootstrapped chain is on disk
    expect(await eventually(async () => savedBlock(`${dir.path}/chains/base.json`) > 0, 10_000)).toBe(true);
    dir.remove();
  });
});
