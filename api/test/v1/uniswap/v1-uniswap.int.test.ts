import { uniswapV3PoolAbi, uniswapV3PositionManagerAbi } from "@compass/constants";
import {
  addressBook,
  approveAs,
  chainClient,
  devnetFixture,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { type Address, formatUnits, maxUint256, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * The v1 Uniswap V3 group on base's devnet pools (Uniswap's own factory, pools, QuoterV2, SwapRouter and position
 * manager): the pool price against the pool's slot0, quotes against what the same swap delivers on chain, and a
 * position opened, grown and taken out by a dev wallet, read back from the position manager.
 */
const { url } = testEnv();
const CHAIN = "base";
const DEV = 0;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const client = () => chainClient(CHAIN);
const pool = () => contracts().UniswapV3Pool_WETH_USDC_500!;
const npm = () => contracts().UniswapV3PositionManager!;
const get = (path: string) => getJson(`${url}/v1/uniswap/${path}`);
const write = (path: string, body: Record<string, unknown>) =>
  postJson(`/v1/uniswap/${path}`, { chain: CHAIN, sender: owner, ...body });

const approve = (tokenAddress: Address, spender: Address, amount = maxUint256) =>
  approveAs(DEV, CHAIN, tokenAddress, spender, amount);
const slot0 = () => client().readContract({ address: pool(), abi: uniswapV3PoolAbi, functionName: "slot0" });
const position = (id: bigint) =>
  client().readContract({
    address: npm(),
    abi: uniswapV3PositionManagerAbi,
    functionName: "positions",
    args: [id],
  });

beforeAll(async () => {
  await approve(token("USDC"), contracts().UniswapV3SwapRouter!, 0n);
});

describe("v1 uniswap", () => {
  test("default: the pool price is the pool's sqrt price, as USDC per WETH", async () => {
    const r = await get(`pool_price?chain=${CHAIN}&token_in=USDC&token_out=WETH&fee=0.05`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [sqrtPriceX96, tick] = await slot0();
    // WETH/USDC: which is token0 decides the direction; the price of WETH in USDC either way
    const raw = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    const wethIs0 = BigInt(token("WETH")) < BigInt(token("USDC"));
    const usdcPerWeth = wethIs0 ? raw * 10 ** (18 - 6) : 1 / (raw * 10 ** (6 - 18));
    expect(Number(r.body.price) / usdcPerWeth).toBeCloseTo(1, 9);
    expect(r.body).toMatchObject({ token_in: token("USDC"), token_out: token("WETH"), tick: Number(tick) });
    const none = await get(`pool_price?chain=${CHAIN}&token_in=USDC&token_out=WETH&fee=1.0`);
    expect(none.status).toBe(404);
  });

  test("default: sell exactly and buy exactly deliver on chain what the quotes said", async () => {
    const [usdc, weth] = [token("USDC"), token("WETH")];
    const sellQuote = await get(
      `quote/sell_exactly?chain=${CHAIN}&token_in=USDC&token_out=WETH&fee=0.05&amount_in=1000`,
    );
    expect(sellQuote.status, JSON.stringify(sellQuote.body)).toBe(200);

    // no allowance yet: refused, naming the router to approve
    const refused = await write("swap/sell_exactly", {
      token_in: "USDC",
      token_out: "WETH",
      fee: "0.05",
      amount_in: "1000",
      max_slippage_percent: 0.5,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0]).toMatchObject({
      loc: ["body", "amount_in"],
      msg: expect.stringMatching(/UniswapV3Router/),
    });

    await approve(usdc, contracts().UniswapV3SwapRouter!);
    const [u0, w0] = [await balanceOf(usdc, owner), await balanceOf(weth, owner)];
    const sell = await write("swap/sell_exactly", {
      token_in: "USDC",
      token_out: "WETH",
      fee: "0.05",
      amount_in: "1000",
      max_slippage_percent: 0.5,
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    expect(sell.body.amount_out_quote).toBe(sellQuote.body.amount_out);
    await sendUnsigned(DEV, CHAIN, sell.body.transaction);
    expect(await balanceOf(usdc, owner)).toBe(u0 - parseUnits("1000", 6));
    // nothing moved the pool between the quote and the swap: exactly the quote
    expect(formatUnits((await balanceOf(weth, owner)) - w0, 18)).toBe(sell.body.amount_out_quote);

    const buyQuote = await get(
      `quote/buy_exactly?chain=${CHAIN}&token_in=USDC&token_out=WETH&fee=0.05&amount_out=0.1`,
    );
    expect(buyQuote.status).toBe(200);
    const [u1, w1] = [await balanceOf(usdc, owner), await balanceOf(weth, owner)];
    const buy = await write("swap/buy_exactly", {
      token_in: "USDC",
      token_out: "WETH",
      fee: "0.05",
      amount_out: "0.1",
      max_slippage_percent: 1,
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect(buy.body.amount_in_quote).toBe(buyQuote.body.amount_in);
    await sendUnsigned(DEV, CHAIN, buy.body.transaction);
    expect(await balanceOf(weth, owner)).toBe(w1 + parseUnits("0.1", 18));
    expect(formatUnits(u1 - (await balanceOf(usdc, owner)), 6)).toBe(buy.body.amount_in_quote);
  });

  test("default: a position minted around the price, in range, increased, half withdrawn then all", async () => {
    const [usdc, weth] = [token("USDC"), token("WETH")];
    await approve(usdc, npm());
    await approve(weth, npm());
    const [, tick] = await slot0();
    const lower = Math.floor(Number(tick) / 10) * 10 - 600;
    const upper = lower + 1200;
    const badTick = await write("liquidity_provision/mint", {
      token0: "WETH",
      token1: "USDC",
      fee: "0.05",
      tick_lower: lower + 5,
      tick_upper: upper,
      amount0_desired: "0.1",
      amount1_desired: "300",
      amount0_min: "0",
      amount1_min: "0",
    });
    expect(badTick.status).toBe(422);
    expect(badTick.body.detail[0].loc).toEqual(["body", "tick_lower"]);

    const before = await get(`liquidity_provision/positions?chain=${CHAIN}&user=${owner}`);
    const mint = await write("liquidity_provision/mint", {
      token0: "WETH",
      token1: "USDC",
      fee: "0.05",
      tick_lower: lower,
      tick_upper: upper,
      amount0_desired: "0.1",
      amount1_desired: "300",
      amount0_min: "0",
      amount1_min: "0",
    });
    expect(mint.status, JSON.stringify(mint.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, mint.body.transaction);
    const after = await get(`liquidity_provision/positions?chain=${CHAIN}&user=${owner}`);
    const id = Object.keys(after.body.positions).find((k) => !(k in before.body.positions))!;
    expect(id).toBeDefined();
    const listed = after.body.positions[id];
    const onChain = await position(BigInt(id));
    expect(listed).toMatchObject({ fee: 500, tick_lower: lower, tick_upper: upper, lp_token_address: npm() });
    expect(BigInt(listed.liquidity)).toBe(onChain[7]);
    expect(onChain[7]).toBeGreaterThan(0n);
    expect((await get(`liquidity_provision/in_range?chain=${CHAIN}&token_id=${id}`)).body).toEqual({
      in_range: true,
    });

    const inc = await write("liquidity_provision/increase", {
      token_id: Number(id),
      amount0_desired: "0.05",
      amount1_desired: "150",
      amount0_min: "0",
      amount1_min: "0",
    });
    expect(inc.status, JSON.stringify(inc.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, inc.body.transaction);
    const grown = (await position(BigInt(id)))[7];
    expect(grown).toBeGreaterThan(onChain[7]);

    const w0 = await balanceOf(weth, owner);
    const half = await write("liquidity_provision/withdraw", {
      token_id: Number(id),
      percentage_for_withdrawal: "50",
    });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, half.body.transaction);
    expect((await position(BigInt(id)))[7]).toBe(grown - grown / 2n);
    expect(await balanceOf(weth, owner)).toBeGreaterThan(w0);
    const all = await write("liquidity_provision/withdraw", {
      token_id: Number(id),
      percentage_for_withdrawal: "100",
    });
    await sendUnsigned(DEV, CHAIN, all.body.transaction);
    expect((await position(BigInt(id)))[7]).toBe(0n);

    // someone else's position, and one that does not exist
    const other = addressBook().accounts.dev[1]!.address;
    const notMine = await postJson("/v1/uniswap/liquidity_provision/withdraw", {
      chain: CHAIN,
      sender: other,
      token_id: Number(id),
      percentage_for_withdrawal: "10",
    });
    expect(notMine.status).toBe(422);
    expect(notMine.body.detail[0].loc).toEqual(["body", "token_id"]);
    expect((await get(`liquidity_provision/in_range?chain=${CHAIN}&token_id=999999`)).status).toBe(404);
  });
});
