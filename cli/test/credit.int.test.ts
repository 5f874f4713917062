import { addressBook, getJson, testEnv } from "@compass/testkit/live";
import { describe, expect, test } from "vitest";
import { compass } from "./shell.ts";

/**
 * `compass credit …` and `compass aave …` against the live stack: the loop reads, the unwind's refusal and the v1
 * Aave reads, as a shell user sees them.
 */
const { url } = testEnv();
const owner = addressBook().accounts.dev[9]!.address;

describe("compass credit: loops from the shell", () => {
  test("default: looped-positions prints what the route answers", async () => {
    const r = await compass("credit", "looped-positions", "-c", "base", "--owner", owner, "-o", "json");
    expect(r.code, r.stderr).toBe(0);
    const http = await getJson(`${url}/v2/credit/looped_positions?chain=base&owner=${owner}`);
    expect(JSON.parse(r.stdout)).toEqual(http.body);
  });

  test("default: compass aave rate and token-price print what the v1 routes answer", async () => {
    const rate = await compass("aave", "rate", "-c", "base", "-t", "WETH", "-o", "json");
    expect(rate.code, rate.stderr).toBe(0);
    const http = await getJson(`${url}/v1/aave/rate?chain=base&token=WETH`);
    expect(JSON.parse(rate.stdout)).toEqual(http.body);
    const future = await compass("aave", "token-price", "-c", "base", "--block", "999999999");
    expect(future.code).not.toBe(0);
    expect(future.stderr).toMatch(/future/);
  });

  test("behavior: unloop without a loop exits non-zero with the reason", async () => {
    const r = await compass(
      "credit",
      "unloop",
      "-c",
      "base",
      "--owner",
      owner,
      "--collateral-token",
      "WETH",
      "--borrow-token",
      "USDC",
      "--preview",
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/no WETH\/USDC loop to unwind/);
  });
});
