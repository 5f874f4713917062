import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { addressBook, testEnv, usdcBalance } from "@compass/testkit/live";
import { describe, expect, test } from "vitest";

const { url, prodUrl, apiKey } = testEnv();
const user = addressBook().accounts.dev[1]!.address;
const bin = join(import.meta.dirname, "../bin/compass.mjs");

async function compass(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (e: any) {
    return { code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string };
  }
}

describe("compass CLI against the live server", () => {
  test("default: reads a balance (json output)", async () => {
    const r = await compass([
      "token",
      "balance",
      "--chain",
      "ethereum",
      "--user",
      user,
      "-o",
      "json",
      "--server-url",
      url,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).balance_raw).toBe((await usdcBalance("ethereum", user)).toString());
  });

  test("parameters: short flags, env server URL and key, jq filter", async () => {
    const r = await compass(
      ["token", "balance", "-c", "base", "-u", user, "-q", ".token_symbol", "-o", "json"],
      { COMPASS_SERVER_URL: prodUrl, COMPASS_API_KEY_AUTH: apiKey },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toBe("USDC");
  });

  test("behavior: a malformed address exits 1 and prints the server's 422 naming the field", async () => {
    const r = await compass([
      "token",
      "balance",
      "--user",
      "0xnotanaddress",
      "-o",
      "json",
      "--server-url",
      url,
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(JSON.parse(r.stderr).detail[0].loc).toEqual(["query", "user"]);
  });

  test("behavior: missing required flag is refused before any request", async () => {
    const r = await compass(["token", "balance", "--server-url", "http://127.0.0.1:9"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Missing required flag: --user/);
  });

  test("behavior: --dry-run prints the request and sends nothing", async () => {
    const r = await compass([
      "token",
      "balance",
      "--user",
      user,
      "--dry-run",
      "--server-url",
      "http://127.0.0.1:9",
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stderr)).toMatchObject({ method: "GET", query: { user } });
  });

  test("behavior: --help on every level", async () => {
    expect((await compass(["--help"])).stdout).toMatch(/Groups:/);
    expect((await compass(["token", "--help"])).stdout).toMatch(/balance/);
    expect((await compass(["token", "balance", "--help"])).stdout).toMatch(/--user <string>/);
  });
});
