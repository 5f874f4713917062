import { execFile, spawn } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { addressBook, CARDS, payAtProvider, testEnv, usdcBalance } from "@compass/testkit/live";
import { parseUnits } from "viem";
import { describe, expect, test } from "vitest";

const { url } = testEnv();
const owner = addressBook().accounts.dev[3]!.address;
const bin = join(import.meta.dirname, "../bin/compass.mjs");

async function compass(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      bin,
      ...args,
      "--server-url",
      url,
    ]);
    return { code: 0, stdout, stderr };
  } catch (e: any) {
    return { code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string };
  }
}

/** Runs `compass onramp buy`, paying at the provider (as the person would in the browser) once the link is printed. */
function buy(args: string[], card: string) {
  const child = spawn(process.execPath, [bin, "onramp", "buy", ...args, "--server-url", url], {
    env: { ...process.env, FORCE_AGENT_MODE: "" },
  });
  let stdout = "";
  let stderr = "";
  let paying: Promise<void> | undefined;
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
    const id = /payment=(cos_[A-Za-z0-9]+)/.exec(stderr)?.[1];
    if (id && !paying) paying = payAtProvider(id, card);
  });
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", async (code) => {
      await paying;
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

describe("compass onramp", () => {
  test("default: quote with plain string flags", async () => {
    const r = await compass([
      "onramp",
      "quote",
      "--fiat-amount",
      "100",
      "--destination-address",
      owner,
      "-o",
      "json",
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      fiat_amount: "100.00",
      output_amount: "100",
      output_asset: "USDC",
    });
  });

  test("behavior: status of an unknown payment exits 1 with the server's body", async () => {
    const r = await compass(["onramp", "status", "-p", "cos_nope", "-o", "json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: "Payment not found." });
  });

  test("default: buy waits for the payment and exits 0 once the USDC is delivered", async () => {
    const before = await usdcBalance("ethereum", owner);
    const r = await buy(
      ["--owner", owner, "--amount", "75", "--no-interactive", "--poll-interval", "300ms", "-o", "json"],
      CARDS.success,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Quote: 75\.00 USD → 75 USDC on Ethereum/);
    expect(r.stderr).toMatch(/Fees:.*provider 1\.88 USD, network 0\.34 USD; card total 77\.22 USD/);
    expect(r.stderr).toMatch(/Open this link in a browser to pay: http.*\/onramp\/checkout\?/);
    // the first status it prints: still waiting, or (when the card went through before its first look) paid
    expect(r.stderr).toMatch(/pending — waiting for the card payment|processing — payment received/);
    const record = JSON.parse(r.stdout);
    expect(record).toMatchObject({
      status: "delivered",
      output_amount_delivered: "75",
      destination_address: owner,
    });
    expect(await usdcBalance("ethereum", owner)).toBe(before + parseUnits("75", 6));
  });

  test("behavior: buy exits 1 when the card is declined, and no USDC moves", async () => {
    const before = await usdcBalance("ethereum", owner);
    const r = await buy(
      ["--owner", owner, "--amount", "30", "--no-interactive", "--poll-interval", "300ms", "-o", "json"],
      CARDS.declined,
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).status).toBe("failed");
    expect(await usdcBalance("ethereum", owner)).toBe(before);
  });

  test("behavior: buy gives up after --max-wait with exit 8 (pending) and the payment id to check later", async () => {
    const r = await compass([
      "onramp",
      "buy",
      "--owner",
      owner,
      "--amount",
      "20",
      "--no-interactive",
      "--poll-interval",
      "200ms",
      "--max-wait",
      "700ms",
    ]);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(
      /the payment may still complete\. Check it with: compass onramp status --payment-id cos_/,
    );
  });

  test("behavior: a chain other than ethereum, missing flags and --dry-run send nothing", async () => {
    const base = await compass(["onramp", "buy", "--owner", owner, "--amount", "20", "--chain", "base"]);
    expect(base.code).toBe(1);
    expect(base.stderr).toMatch(/--chain must be ethereum/);
    expect((await compass(["onramp", "buy", "--amount", "20"])).stderr).toMatch(
      /Missing required flag: --owner/,
    );
    const dry = await compass(["onramp", "buy", "--owner", owner, "--amount", "20", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stderr)).toMatchObject({
      method: "POST",
      body: { fiat_amount: "20", destination_address: owner },
    });
  });
});
