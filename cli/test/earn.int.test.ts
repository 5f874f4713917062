import { execFile } from "node:child_process";
import { join } from "node:path";
import { addressBook, DEVNET_BIN, getJson, testEnv, tokenBalance, usdcBalance } from "@compass/testkit/live";
import { describe, expect, test } from "vitest";

const { url, devnetDir } = testEnv();
const OWNER_INDEX = 7;
const owner = addressBook().accounts.dev[OWNER_INDEX]!.address;
const C = "ethereum";
const compassBin = join(import.meta.dirname, "../bin/compass.mjs");

function run(bin: string, args: string[], input?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, COMPASS_SERVER_URL: url } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as any).code ?? 1) : 0, stdout, stderr }),
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}
const compass = (...args: string[]) => run(compassBin, args);
/** `compass … -o json -q .transaction | compass-devnet send --account 7`. */
async function pipeToSend(args: string[]) {
  const built = await compass(...args, "-o", "json", "-q", ".transaction");
  expect(built.code, built.stderr).toBe(0);
  if (built.stdout.trim() === "null") return null;
  const sent = await run(
    DEVNET_BIN,
    ["send", "--account", String(OWNER_INDEX), "--dir", devnetDir],
    built.stdout,
  );
  expect(sent.code, sent.stderr).toBe(0);
  return JSON.parse(sent.stdout);
}

describe("compass earn: swaps from the shell", () => {
  test("default: quote, then create the account, fund it and swap — WETH lands in the account", async () => {
    const quote = await compass(
      "earn",
      "swap-quote",
      "-c",
      C,
      "--token-in",
      "USDC",
      "--token-out",
      "WETH",
      "--amount-in",
      "50",
      "-o",
      "json",
    );
    expect(quote.code, quote.stderr).toBe(0);
    const viaHttp = await getJson(
      `${url}/v2/earn/swap_quote?chain=${C}&token_in=USDC&token_out=WETH&amount_in=50`,
    );
    expect(JSON.parse(quote.stdout)).toEqual(viaHttp.body);

    await pipeToSend(["earn", "ca", "-c", C, "--sender", owner, "--owner", owner]);
    const account = JSON.parse(
      (await compass("earn", "ca", "-c", C, "--sender", owner, "--owner", owner, "-o", "json")).stdout,
    ).earn_account_address;
    await pipeToSend([
      "earn",
      "transfer",
      "-c",
      C,
      "--owner",
      owner,
      "-t",
      "USDC",
      "--amount",
      "50",
      "--action",
      "DEPOSIT",
    ]);
    const usdc = await usdcBalance(C, account);
    const weth = await tokenBalance(C, "WETH", account);
    await pipeToSend([
      "earn",
      "swap",
      "-c",
      C,
      "--owner",
      owner,
      "--token-in",
      "USDC",
      "--token-out",
      "WETH",
      "--amount-in",
      "50",
    ]);
    expect(await usdcBalance(C, account)).toBe(usdc - 50_000_000n);
    expect(await tokenBalance(C, "WETH", account)).toBeGreaterThan(weth);
  });

  test("behavior: a bad token is an API error (exit 1) naming the field", async () => {
    const r = await compass("earn", "swap-quote", "-c", C, "--token-in", "NOPE", "--amount-in", "1");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Error 422: token_in: Unknown token symbol 'NOPE'/);
  });
});
