import { aerodromeSlipstreamPoolAbi, aerodromeSlipstreamPositionManagerAbi } from "@compass/constants";
import {
  approveAs,
  chainClient,
  devnetFixture,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  wrapNative,
} from "@compass/testkit/live";
import { type Address, formatUnits, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * The v1 Aerodrome Slipstream group on base's devnet deployment of Slipstream's own contracts (built from its
 * sources): the pool price against the pool's slot0, swaps in both directions with their bounds, and a position
 * opened, grown, paid fees by a swap through its range and taken out — each write signed by a dev wallet and read
 * back on chain.
 */
const { url } = testEnv();
const CHAIN = "base";
const DEV = 2;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const client = () => chainClient(CHAIN);
const pool = () => contracts().AerodromeSlipstreamPool_WETH_USDC_100!;
const npm = () => contracts().AerodromeSlipstreamPositionManager!;
const router = () => contracts().AerodromeSlipstreamRouter!;
const get = (path: string) => getJson(`${url}/v1/aerodrome_slipstream/${path}`);
const write = (path: string, body: Record<string, unknown>) =>
  postJson(`/v1/aerodrome_slipstream/${path}`, { chain: CHAIN, sender: owner, ...body });
const send = async (path: string, body: Record<string, unknown>) => {
  const r = await write(path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return sendUnsigned(DEV, CHAIN, r.body.transaction);
};
const slot0 = () =>
  client().readContract({ address: pool(), abi: aerodromeSlipstreamPoolAbi, functionName: "slot0" });
const position = (id: bigint) =>
  client().readContract({
    address: npm(),
    abi: aerodromeSlipstreamPositionManagerAbi,
    functionName: "positions",
    args: [id],
  });

beforeAll(async () => {
  await approveAs(DEV, CHAIN, token("USDC"), router(), 0n);
  await wrapNative(DEV, CHAIN, "3");
});

describe("v1 aerodrome slipstream", () => {
  test("default: the pool price is the pool's sqrt price, USDC per WETH; no pool at a spacing is a 404", async () => {
    const r = await get("pool_price");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [sqrtPriceX96, tick] = await slot0();
    const raw = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    const wethIs0 = BigInt(token("WETH")) < BigInt(token("USDC"));
    const usdcPerWeth = wethIs0 ? raw * 10 ** (18 - 6) : 1 / (raw * 10 ** (6 - 18));
    expect(Number(r.body.price) / usdcPerWeth).toBeCloseTo(1, 9);
    expect(r.body).toMatchObject({ token_in: token("USDC"), token_out: token("WETH"), tick: Number(tick) });
    expect((await get("pool_price?tick_spacing=200")).status).toBe(404);
  });

  test("default: swaps both ways land within their bounds; a bound the pool misses is a 422", async () => {
    const refused = await write("swap/sell_exactly", {
      token_in: "USDC",
      token_out: "WETH",
      tick_spacing: 100,
      amount_in: "1000",
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(/AerodromeSlipstreamRouter/);
    await approveAs(DEV, CHAIN, token("USDC"), router());
    await approveAs(DEV, CHAIN, token("WETH"), router());
    const [usdc0, weth0] = [await balanceOf(token("USDC"), owner), await balanceOf(token("WETH"), owner)];
    await send("swap/sell_exactly", {
      token_in: "USDC",
      token_out: "WETH",
      tick_spacing: 100,
      amount_in: "1000",
    });
    const bought = (await balanceOf(token("WETH"), owner)) - weth0;
    expect(await balanceOf(token("USDC"), owner)).toBe(usdc0 - parseUnits("1000", 6));
    // about 1,000 / 3,000 WETH less the 0.05 % fee and the price impact
    expect(Number(formatUnits(bought, 18))).toBeGreaterThan(0.32);
    expect(Number(formatUnits(bought, 18))).toBeLessThan(0.34);

    const tooHigh = await write("swap/sell_exactly", {
      token_in: "USDC",
      token_out: "WETH",
      tick_spacing: 100,
      amount_in: "100",
      amount_out_minimum: "1",
    });
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.body.detail[0].loc).toEqual(["body", "amount_out_minimum"]);

    const usdcBefore = await balanceOf(token("USDC"), owner);
    await send("swap/buy_exactly", {
      token_in: "WETH",
      token_out: "USDC",
      tick_spacing: 100,
      amount_out: "500",
      amount_in_maximum: "0.2",
    });
    expect((await balanceOf(token("USDC"), owner)) - usdcBefore).toBe(parseUnits("500", 6));
    const tooLow = await write("swap/buy_exactly", {
      token_in: "WETH",
      token_out: "USDC",
      tick_spacing: 100,
      amount_out: "500",
      amount_in_maximum: "0.1",
    });
    expect(tooLow.status).toBe(422);
    expect(tooLow.body.detail[0].loc).toEqual(["body", "amount_in_maximum"]);
  });

  test("default: a position opened, grown, paid fees by a swap through its range, and taken out", async () => {
    await approveAs(DEV, CHAIN, token("USDC"), npm());
    await approveAs(DEV, CHAIN, token("WETH"), npm());
    const [, tick] = await slot0();
    const lower = (Math.floor(Number(tick) / 100) - 20) * 100;
    const upper = (Math.floor(Number(tick) / 100) + 20) * 100;
    const wethIs0 = BigInt(token("WETH")) < BigInt(token("USDC"));
    const before = await get(`liquidity_provision/positions?user=${owner}`);
    const known = new Set(Object.keys(before.body.positions));
    await send("liquidity_provision/mint", {
      token0: "WETH",
      token1: "USDC",
      tick_spacing: 100,
      tick_lower: lower,
      tick_upper: upper,
      amount0_desired: "1",
      amount1_desired: "3000",
      amount0_min: "0",
      amount1_min: "0",
    });
    const after = await get(`liquidity_provision/positions?user=${owner}`);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const id = Object.keys(after.body.positions).find((k) => !known.has(k))!;
    expect(after.body.positions[id]).toMatchObject({
      tick_spacing: 100,
      tick_lower: lower,
      tick_upper: upper,
      token_id: Number(id),
    });
    const opened = await position(BigInt(id));
    expect(opened[7]).toBeGreaterThan(0n);
    expect(opened[2]).toBe(wethIs0 ? token("WETH") : token("USDC"));

    await send("liquidity_provision/increase", {
      token_id: Number(id),
      amount0_desired: "0.5",
      amount1_desired: "1500",
      amount0_min: "0",
      amount1_min: "0",
    });
    const grown = (await position(BigInt(id)))[7];
    expect(grown).toBeGreaterThan(opened[7]);

    // a swap through the range pays the position its share of the fee
    await send("swap/sell_exactly", {
      token_in: "USDC",
      token_out: "WETH",
      tick_spacing: 100,
      amount_in: "20000",
    });
    const [usdc0, weth0] = [await balanceOf(token("USDC"), owner), await balanceOf(token("WETH"), owner)];
    await send("liquidity_provision/withdraw", { token_id: Number(id), percentage_for_withdrawal: 100 });
    expect((await position(BigInt(id)))[7]).toBe(0n);
    const gotUsdc = (await balanceOf(token("USDC"), owner)) - usdc0;
    const gotWeth = (await balanceOf(token("WETH"), owner)) - weth0;
    // what came out is worth what went in (4,500 USDC + 1.5 WETH at ~3,000) plus fees, give or take the price move
    const worth = Number(formatUnits(gotUsdc, 6)) + Number(formatUnits(gotWeth, 18)) * 3000;
    expect(worth).toBeGreaterThan(8000);
    expect(gotUsdc).toBeGreaterThan(parseUnits("4500", 6)); // the swap sold USDC into the range, and paid its fee

    const other = await postJson("/v1/aerodrome_slipstream/liquidity_provision/withdraw", {
      chain: CHAIN,
      sender: contracts().AerodromeVoter! as Address,
      token_id: Number(id),
      percentage_for_withdrawal: 10,
    });
    expect(other.status).toBe(422);
    expect(
      (
        await write("liquidity_provision/increase", {
          token_id: 999999,
          amount0_desired: "1",
          amount1_desired: "1",
          amount0_min: "0",
          amount1_min: "0",
        })
      ).status,
    ).toBe(404);
  });
});
