import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  depositLanded,
  sponsorAddress,
  sponsorBroadcast,
  testEnv,
  until,
  usdcBalance,
  venueAccountValue,
  venuePosition,
} from "@compass/testkit/live";
import { trader } from "@compass/testkit/wallet";
import { parseUnits } from "viem";
import { describe, expect, test } from "vitest";

const { url } = testEnv();
const bin = join(import.meta.dirname, "../bin/compass.mjs");
const me = trader(6);
const owner = me.address;

/** `compass <args> -o json --server-url <staging>`; stdout parsed as JSON on success. */
async function compass(...args: string[]): Promise<any> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    bin,
    ...args,
    "-o",
    "json",
    "--server-url",
    url,
  ]);
  return JSON.parse(stdout);
}

/** Signs a prepared action with the dev key and executes it through the CLI. */
async function execute(prepared: { typed_data: unknown; action: unknown; nonce: number }) {
  if (!prepared.typed_data) return { status: "ok" }; // already in that state: nothing to sign
  const signature = await me.sign(prepared.typed_data);
  return compass(
    "pt",
    "execute",
    "-a",
    JSON.stringify(prepared.action),
    "-n",
    String(prepared.nonce),
    "-s",
    signature,
  );
}

describe("compass perpetual-trading (alias pt) end to end", () => {
  test("default: deposit → sponsor relay → credited at the venue", async () => {
    const before = {
      usdc: await usdcBalance("arbitrum", owner),
      accountValue: await venueAccountValue(owner),
    };
    const deposit = await compass("perpetual-trading", "deposit", "--owner", owner, "-a", "250");
    const { transaction } = await compass(
      "pt",
      "dsp",
      "--owner",
      owner,
      "-a",
      String(deposit.amount_raw),
      "--deadline",
      deposit.permit.message.deadline,
      "--signature",
      await me.sign(deposit.permit),
      "--sender",
      sponsorAddress(),
    );
    const receipt = await sponsorBroadcast(transaction);
    const landed = await depositLanded(receipt, owner, before);
    expect(landed.bridged).toBe(parseUnits("250", 6));
    expect(landed.spent).toBe(parseUnits("250", 6));
    expect(landed.credited).toBeCloseTo(250, 6);
  });

  test("default: eua, mo buy, position at the venue, mo sell -r closes it", async () => {
    expect((await execute(await compass("pt", "eua", "--owner", owner))).status).toBe("ok");
    const buy = await compass("pt", "mo", "--owner", owner, "-a", "EUR", "--side", "buy", "--size", "100");
    expect((await execute(buy)).response.data.statuses[0].filled.totalSz).toBe("100.0");
    expect((await venuePosition(owner, "xyz:EUR"))?.szi).toBe("100.0");
    const sell = await compass(
      "pt",
      "mo",
      "--owner",
      owner,
      "-a",
      "EUR",
      "--side",
      "sell",
      "--size",
      "100",
      "-r",
    );
    await execute(sell);
    expect(await venuePosition(owner, "xyz:EUR")).toBeUndefined();
    const activity = await compass("pt", "activity", "--owner", owner);
    expect(activity.fills.find((f: any) => f.side === "sell").closed_pnl).not.toBeNull();
  });

  test("default: withdraw pays out on Arbitrum", async () => {
    const before = await usdcBalance("arbitrum", owner);
    expect((await execute(await compass("pt", "withdraw", "--owner", owner, "-a", "50"))).status).toBe("ok");
    const after = await until(
      () => usdcBalance("arbitrum", owner),
      (b) => b > before,
    );
    expect(after - before).toBe(parseUnits("49", 6));
  });

  test("behavior: leverage above the maximum exits 1 with the 422 naming the field", async () => {
    const error: any = await compass("pt", "sl", "--owner", owner, "-a", "EUR", "-l", "99").catch((e) => e);
    expect(error.code).toBe(1);
    expect(JSON.parse(error.stdout || error.stderr).detail[0].loc).toEqual(["body", "leverage"]);
  });
});
