import {
  approveAs,
  chainClient,
  devnetFixture,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { erc4626Abi, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * The v1 Sky group on ethereum's twins of Sky's contracts: USDS bought with DAI and USDC and sold back, 1:1, each
 * balance read on chain; USDS saved in sUSDS, its value growing with the savings rate, and withdrawn in full.
 */
const { url } = testEnv();
const CHAIN = "ethereum";
const DEV = 2;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const write = (path: string, body: Record<string, unknown>) =>
  postJson(`/v1/sky/${path}`, { chain: CHAIN, sender: owner, ...body });
const send = async (path: string, body: Record<string, unknown>) => {
  const r = await write(path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await sendUnsigned(DEV, CHAIN, r.body.transaction);
};
const WAD = (n: string) => parseUnits(n, 18);

beforeAll(async () => {
  await approveAs(DEV, CHAIN, token("DAI"), contracts().SkyDaiUsds!, 0n);
});

describe("v1 sky", () => {
  test("default: DAI and USDC buy USDS 1:1 and USDS sells back for them, on chain", async () => {
    // without an allowance the converter is named
    const refused = await write("buy", { token_in: "DAI", amount: "1000" });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(/SkyDaiUsdsConverter/);

    await approveAs(DEV, CHAIN, token("DAI"), contracts().SkyDaiUsds!);
    await approveAs(DEV, CHAIN, token("USDC"), contracts().SkyUsdsPsmWrapper!);
    await approveAs(DEV, CHAIN, token("USDS"), contracts().SkyDaiUsds!);
    await approveAs(DEV, CHAIN, token("USDS"), contracts().SkyUsdsPsmWrapper!);
    const [dai0, usdc0, usds0] = await Promise.all(
      [token("DAI"), token("USDC"), token("USDS")].map((t) => balanceOf(t, owner)),
    );
    await send("buy", { token_in: "DAI", amount: "1000" });
    await send("buy", { token_in: "USDC", amount: "2500.5" });
    expect(await balanceOf(token("DAI"), owner)).toBe(dai0! - WAD("1000"));
    expect(await balanceOf(token("USDC"), owner)).toBe(usdc0! - parseUnits("2500.5", 6));
    expect(await balanceOf(token("USDS"), owner)).toBe(usds0! + WAD("3500.5"));

    await send("sell", { token_out: "USDC", amount: "500" });
    await send("sell", { token_out: "DAI", amount: "250" });
    expect(await balanceOf(token("USDC"), owner)).toBe(usdc0! - parseUnits("2000.5", 6));
    expect(await balanceOf(token("DAI"), owner)).toBe(dai0! - WAD("750"));
    expect(await balanceOf(token("USDS"), owner)).toBe(usds0! + WAD("2750.5"));

    // more than it holds, and more USDC than it can have (6 decimals), are 422s on amount
    const tooMuch = await write("sell", { token_out: "DAI", amount: "100000000" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail[0].loc).toEqual(["body", "amount"]);
    const tooFine = await write("buy", { token_in: "USDC", amount: "1.0000001" });
    expect(tooFine.status).toBe(422);
  });

  test("default: USDS saved in sUSDS earns the savings rate; ALL takes every share out", async () => {
    const savings = contracts().SkySavingsUsds!;
    await approveAs(DEV, CHAIN, token("USDS"), savings);
    await send("deposit", { amount: "2000" });
    const shares = await balanceOf(savings, owner);
    expect(shares).toBeGreaterThan(0n);
    const p1 = await getJson(`${url}/v1/sky/position?user_address=${owner}`);
    expect(p1.status, JSON.stringify(p1.body)).toBe(200);
    expect(BigInt(p1.body.shares)).toBe(shares);
    // shares are worth what sUSDS converts them to now: a little over what went in, growing second by second
    const worth = await chainClient(CHAIN).readContract({
      address: savings,
      abi: erc4626Abi,
      functionName: "convertToAssets",
      args: [shares],
    });
    expect(Number(p1.body.usds_value_of_deposits)).toBeGreaterThanOrEqual(Number(worth) / 1e18 - 1e-6);
    expect(Number(p1.body.usds_value_of_deposits)).toBeGreaterThan(1999.99);

    const usdsBefore = await balanceOf(token("USDS"), owner);
    await send("withdraw", { amount: "ALL" });
    expect(await balanceOf(savings, owner)).toBe(0n);
    const back = (await balanceOf(token("USDS"), owner)) - usdsBefore;
    expect(back).toBeGreaterThanOrEqual(WAD("2000") - 1n); // the savings rate never takes
    const none = await write("withdraw", { amount: "ALL" });
    expect(none.status).toBe(422);
  });
});
