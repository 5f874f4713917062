import { pendleMarketAbi, pendleYieldTokenAbi } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import {
  approveAs,
  chainClient,
  devnetFixture,
  type Fork,
  forkChain,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { type Address, erc20Abi, formatUnits, maxUint256, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * The v1 Pendle group on base's devnet market (Pendle's own router, static router, market, PT and YT over the
 * devnet's SY): reads against the market's own views at past blocks, and every trade sent by a dev wallet with its
 * outcome read back on chain — PT bought and sold, YT bought, its yield accrued and claimed, liquidity added and
 * taken out. Then, on a fork of the chain moved past the market's expiry, PT redeemed at par.
 */
const { url } = testEnv();
const CHAIN = "base";
const DEV = 1;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const client = () => chainClient(CHAIN);
const market = () => contracts().PendleMarket_USDC!;
const router = () => contracts().PendleRouter!;
const pt = () => contracts().PendlePT_USDC!;
const yt = () => contracts().PendleYT_USDC!;
const sy = () => contracts().PendleSY_USDC!;
const get = (path: string) => getJson(`${url}/v1/pendle/${path}`);
const write = (path: string, body: Record<string, unknown>) =>
  postJson(`/v1/pendle/${path}`, { chain: CHAIN, sender: owner, market_address: market(), ...body });

const approve = (tokenAddress: Address, spender: Address, amount = maxUint256) =>
  approveAs(DEV, CHAIN, tokenAddress, spender, amount);
const units = (raw: bigint) => Number(formatUnits(raw, 6));

beforeAll(async () => {
  await approve(token("USDC"), router(), 0n);
});

describe("v1 pendle", () => {
  test("default: markets lists the devnet market with the implied APY its own state gives", async () => {
    const r = await get(`markets?chain=${CHAIN}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const m = r.body.markets.find((x: any) => x.address === market());
    expect(m).toBeDefined();
    const id = (a: string) => `8453-${a.toLowerCase()}`;
    expect(m).toMatchObject({
      pt: id(pt()),
      yt: id(yt()),
      sy: id(sy()),
      isPrime: true,
      expiry: "2027-12-30T00:00:00.000Z",
    });
    const state = await client().readContract({
      address: market(),
      abi: pendleMarketAbi,
      functionName: "readState",
      args: [router()],
    });
    expect(m.details.impliedApy).toBeCloseTo(Math.exp(Number(state.lastLnImpliedRate) / 1e18) - 1, 2);
    expect(m.details.feeRate).toBeCloseTo(Math.exp(Number(state.lnFeeRateRoot) / 1e18) - 1, 9);
    expect(m.details.liquidity).toBeGreaterThan(100_000);
    expect(m.details.aggregatedApy).toBeGreaterThan(0);
  });

  test("default: refused before the router is approved, naming it; a token the SY does not take is a 422", async () => {
    const refused = await write("pt", {
      action: "BUY",
      token: "USDC",
      amount_in: "1000",
      max_slippage_percent: 1,
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(/PendleRouter/);
    const weth = await write("pt", { action: "BUY", token: "WETH", amount_in: "1", max_slippage_percent: 1 });
    expect(weth.status).toBe(422);
    expect(weth.body.detail[0].loc).toEqual(["body", "token"]);
    const notMarket = await write("pt", {
      market_address: token("USDC"),
      action: "BUY",
      token: "USDC",
      amount_in: "1",
      max_slippage_percent: 1,
    });
    expect(notMarket.status).toBe(422);
    expect(notMarket.body.detail[0].loc).toEqual(["body", "market_address"]);
  });

  test("default: PT bought and sold, YT bought and its yield claimed, liquidity added and withdrawn — all on chain", async () => {
    await approve(token("USDC"), router());
    // PT: buy with 1,000 USDC, at least the quote less 1 %
    const ptBefore = await balanceOf(pt(), owner);
    const buy = await write("pt", {
      action: "BUY",
      token: "USDC",
      amount_in: "1000",
      max_slippage_percent: 1,
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, buy.body.transaction);
    const ptBought = (await balanceOf(pt(), owner)) - ptBefore;
    const ptQuote = parseUnits(buy.body.amount_out_quote, 6);
    expect(ptBought).toBeGreaterThanOrEqual((ptQuote * 99n) / 100n);
    expect(units(ptBought)).toBeCloseTo(units(ptQuote), 0);
    expect(units(ptBought)).toBeGreaterThan(1000); // PT trades at a discount before expiry

    // sell half of it back for USDC
    await approve(pt(), router());
    const half = ptBought / 2n;
    const usdcBefore = await balanceOf(token("USDC"), owner);
    const sell = await write("pt", {
      action: "SELL",
      token: "USDC",
      amount_in: formatUnits(half, 6),
      max_slippage_percent: 1,
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, sell.body.transaction);
    const usdcBack = (await balanceOf(token("USDC"), owner)) - usdcBefore;
    expect(units(usdcBack)).toBeCloseTo(Number(sell.body.amount_out_quote), 0);
    expect(units(usdcBack)).toBeLessThan(units(half));

    // YT: buy with 100 USDC
    const buyYt = await write("yt", {
      action: "BUY",
      token: "USDC",
      amount_in: "100",
      max_slippage_percent: 2,
    });
    expect(buyYt.status, JSON.stringify(buyYt.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, buyYt.body.transaction);
    const ytHeld = await balanceOf(yt(), owner);
    expect(ytHeld).toBeGreaterThanOrEqual((parseUnits(buyYt.body.amount_out_quote, 6) * 98n) / 100n);
    expect(units(ytHeld)).toBeGreaterThan(100); // leverage on the yield: more YT than USDC paid

    // the vault under the SY earns: its share price rises, so the YT accrues interest
    const donor = devWallet(DEV, CHAIN);
    const vault = contracts().Erc4626VaultUSDC!;
    const paid = await donor.writeContract({
      address: token("USDC"),
      abi: erc20Abi,
      functionName: "transfer",
      args: [vault, parseUnits("20000", 6)],
    });
    expect((await minedReceipt(donor, paid)).status).toBe("success");
    const read = await get(`market?chain=${CHAIN}&market_address=${market()}&user_address=${owner}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.user_position.yt_balance).toBe(formatUnits(ytHeld, 6));
    const claimable = Number(read.body.user_position.claimable_yield);
    expect(claimable).toBeGreaterThan(0);

    const syBefore = await balanceOf(sy(), owner);
    const redeem = await write("redeem_yield", {});
    expect(redeem.status, JSON.stringify(redeem.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, redeem.body.transaction);
    const syClaimed = (await balanceOf(sy(), owner)) - syBefore;
    expect(units(syClaimed)).toBeGreaterThanOrEqual(claimable);
    expect(units(syClaimed)).toBeLessThan(claimable * 1.01 + 0.01);

    // sell the YT back
    await approve(yt(), router());
    const sellYt = await write("yt", {
      action: "SELL",
      token: "USDC",
      amount_in: formatUnits(ytHeld, 6),
      max_slippage_percent: 2,
    });
    expect(sellYt.status, JSON.stringify(sellYt.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, sellYt.body.transaction);
    expect(await balanceOf(yt(), owner)).toBe(0n);

    // liquidity: 1,000 USDC in, then all the LP out into USDC
    const supply = await write("liquidity", {
      action: "SUPPLY",
      token: "USDC",
      amount_in: "1000",
      max_slippage_percent: 1,
    });
    expect(supply.status, JSON.stringify(supply.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, supply.body.transaction);
    const lp = await balanceOf(market(), owner);
    expect(lp).toBeGreaterThanOrEqual((parseUnits(supply.body.amount_out_quote, 18) * 99n) / 100n);

    const positions = await get(`positions?chain=${CHAIN}&user_address=${owner}`);
    expect(positions.status, JSON.stringify(positions.body)).toBe(200);
    const open = positions.body.positions[0].openPositions.find(
      (p: any) => p.marketId === `8453-${market().toLowerCase()}`,
    );
    expect(open.lp.balance).toBe(formatUnits(lp, 18));
    expect(open.pt.balance).toBe(formatUnits(await balanceOf(pt(), owner), 6));
    expect(open.lp.valuation).toBeGreaterThan(900);
    expect(open.lp.valuation).toBeLessThan(1010);
    expect(positions.body.positions[0].syPositions[0].syId).toBe(`8453-${sy().toLowerCase()}`);

    await approve(market(), router());
    const before = await balanceOf(token("USDC"), owner);
    const withdraw = await write("liquidity", {
      action: "WITHDRAW",
      token: "USDC",
      amount_in: formatUnits(lp, 18),
      max_slippage_percent: 1,
    });
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, withdraw.body.transaction);
    expect(await balanceOf(market(), owner)).toBe(0n);
    const out = (await balanceOf(token("USDC"), owner)) - before;
    expect(out).toBeGreaterThanOrEqual((parseUnits(withdraw.body.amount_out_quote, 6) * 99n) / 100n);
    expect(units(out)).toBeGreaterThan(990); // a round trip loses only the fee and the price impact
  });

  test("default: the market read at three past blocks matches the market's and tokens' own views then", async () => {
    const head = await client().getBlockNumber();
    for (const block of [head - 12n, head - 5n, head - 1n]) {
      const r = await get(
        `market?chain=${CHAIN}&market_address=${market()}&user_address=${owner}&block=${block}`,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const state = await client().readContract({
        address: market(),
        abi: pendleMarketAbi,
        functionName: "readState",
        args: [router()],
        blockNumber: block,
      });
      expect(Number(r.body.implied_apy)).toBeCloseTo(
        (Math.exp(Number(state.lastLnImpliedRate) / 1e18) - 1) * 100,
        9,
      );
      for (const [field, address, decimals] of [
        ["pt_balance", pt(), 6],
        ["yt_balance", yt(), 6],
        ["sy_balance", sy(), 6],
        ["lp_balance", market(), 18],
      ] as const)
        expect(r.body.user_position[field], field).toBe(
          formatUnits(await balanceOf(address, owner, block), decimals),
        );
    }
    const early = await get(`market?chain=${CHAIN}&market_address=${market()}&block=1`);
    expect(early.status).toBe(422);
    expect(early.body.detail[0].loc).toEqual(["query", "block"]);
  });
});

/**
 * Past expiry, on a fork of base (its clock moved alone, the shared chain untouched): PT sold is redeemed at par
 * through the YT, the API pointed at the fork in-process.
 */
describe("v1 pendle after expiry", () => {
  let fork: Fork | undefined;
  afterAll(() => fork?.stop());

  test("default: PT held to expiry sells for its face value in USDC; buying is refused", async () => {
    fork = await forkChain(CHAIN, 18_690);
    const f = fork;
    const expiry = Number(
      await f.client.readContract({ address: market(), abi: pendleMarketAbi, functionName: "expiry" }),
    );
    const post = (path: string, body: Record<string, unknown>) =>
      f.post(`/v1/pendle/${path}`, { chain: CHAIN, sender: owner, market_address: market(), ...body });
    const balance = (address: Address) =>
      f.client.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
    // liquidity added before expiry (the router approved by the earlier test for USDC and LP)
    const supply = await post("liquidity", {
      action: "SUPPLY",
      token: "USDC",
      amount_in: "500",
      max_slippage_percent: 1,
    });
    expect(supply.status, JSON.stringify(supply.body)).toBe(200);
    await f.send(DEV, supply.body.transaction);
    const lp = await balance(market());
    expect(lp).toBeGreaterThan(0n);
    await f.warpTo(expiry + 86_400);

    const held = await balance(pt());
    expect(held).toBeGreaterThan(0n);
    const refused = await post("pt", {
      action: "BUY",
      token: "USDC",
      amount_in: "10",
      max_slippage_percent: 1,
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(/expired/);

    const sell = await post("pt", {
      action: "SELL",
      token: "USDC",
      amount_in: formatUnits(held, 6),
      max_slippage_percent: 0.1,
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    const before = await balance(token("USDC"));
    await f.send(DEV, sell.body.transaction);
    const received = (await balance(token("USDC"))) - before;
    expect(await balance(pt())).toBe(0n);
    // at par: one PT is one USDC of the SY's asset (less the vault's rounding of a unit or two)
    expect(received).toBeLessThanOrEqual(held);
    expect(held - received).toBeLessThanOrEqual(2n);
    expect(received.toString()).toBe(parseUnits(sell.body.amount_out_quote, 6).toString());
    expect(
      await f.client.readContract({ address: yt(), abi: pendleYieldTokenAbi, functionName: "isExpired" }),
    ).toBe(true);
  });
});
