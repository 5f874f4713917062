import { aavePoolAbi } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import {
  addressBook,
  advanceDevnet,
  chainClient,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { type Address, decodeEventLog, erc20Abi, parseAbiItem, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * The v1 Aave group on the devnet's Aave v3. Rates at past blocks are checked against the pool's own
 * getReserveData at those blocks (read right after each block was mined, while the chain still holds its state);
 * time averages and volatility are recomputed here from the raw ReserveDataUpdated logs; the writes are sent by a
 * dev wallet and their effect read back through the position reads and the history.
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const DEV = 0;
const user = addressBook().accounts.dev[DEV]!.address as Address;
const contracts = () => addressBook().chains[CHAIN]!.contracts as Record<string, Address>;
const usdc = () => addressBook().tokens![CHAIN]!.USDC!.address as Address;
const get = (path: string) => getJson(`${url}/v1/aave/${path}`);
const RAY = 1e27;
const YEAR = 365 * 24 * 3600;

const reserveData = (block: bigint) =>
  chainClient(CHAIN).readContract({
    address: contracts().AavePool!,
    abi: aavePoolAbi,
    functionName: "getReserveData",
    args: [usdc()],
    blockNumber: block,
  });
const normalizedIncome = (block: bigint) =>
  chainClient(CHAIN).readContract({
    address: contracts().AavePool!,
    abi: aavePoolAbi,
    functionName: "getReserveNormalizedIncome",
    args: [usdc()],
    blockNumber: block,
  });

/** Three moments with different rates: after each clock advance the markets move (Aave loans among them). */
const marks: {
  block: bigint;
  time: bigint;
  data: Awaited<ReturnType<typeof reserveData>>;
  income: bigint;
}[] = [];
beforeAll(async () => {
  for (let i = 0; i < 3; i++) {
    await advanceDevnet(6 * 3600);
    const head = await chainClient(CHAIN).getBlock();
    marks.push({
      block: head.number,
      time: head.timestamp,
      data: await reserveData(head.number),
      income: await normalizedIncome(head.number),
    });
  }
});

describe("v1 Aave: reads at any block", () => {
  test("default: the rate at three past blocks is the pool's own getReserveData there", async () => {
    for (const mark of marks) {
      const r = await get(`rate?chain=${CHAIN}&token=USDC&block=${mark.block}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(typeof r.body.supply_apr_variable_rate).toBe("string");
      expect(Number(r.body.supply_apr_variable_rate)).toBeCloseTo(
        Number(mark.data.currentLiquidityRate) / RAY,
        15,
      );
      expect(Number(r.body.borrow_apr_variable_rate)).toBeCloseTo(
        Number(mark.data.currentVariableBorrowRate) / RAY,
        15,
      );
      const apy = (1 + Number(mark.data.currentLiquidityRate) / RAY / YEAR) ** YEAR - 1;
      expect(Number(r.body.supply_apy_variable_rate)).toBeCloseTo(apy, 12);
    }
    // the markets moved between the marks
    expect(new Set(marks.map((m) => m.data.currentVariableBorrowRate)).size).toBeGreaterThan(1);
  });

  test("default: avg_rate and std_rate equal what the raw ReserveDataUpdated logs give, and differ by token and window", async () => {
    const end = marks.at(-1)!;
    const series = await rateSteps(end.block);
    for (const days of [1, 3]) {
      const start = Number(end.time) - days * 86_400;
      const expected = weighted(series, start, Number(end.time));
      const avg = await get(`avg_rate?chain=${CHAIN}&token=USDC&days=${days}&block=${end.block}`);
      const std = await get(`std_rate?chain=${CHAIN}&token=USDC&days=${days}&block=${end.block}`);
      expect(avg.status, JSON.stringify(avg.body)).toBe(200);
      expect(avg.body.borrow_apr_variable_rate).toBeCloseTo(expected.mean, 12);
      expect(std.body.borrow_apr_variable_rate).toBeCloseTo(expected.std, 12);
      expect(std.body.borrow_apr_variable_rate).toBeGreaterThan(0);
    }
    const weth = await get(`avg_rate?chain=${CHAIN}&token=WETH&days=1&block=${end.block}`);
    const usdcAvg = await get(`avg_rate?chain=${CHAIN}&token=USDC&days=1&block=${end.block}`);
    expect(weth.body.borrow_apr_variable_rate).not.toBe(usdcAvg.body.borrow_apr_variable_rate);
    const narrow = await get(`std_rate?chain=${CHAIN}&token=USDC&days=1&block=${end.block}`);
    const wide = await get(`std_rate?chain=${CHAIN}&token=USDC&days=30&block=${end.block}`);
    expect(narrow.body.borrow_apr_variable_rate).not.toBe(wide.body.borrow_apr_variable_rate);
  });

  test("default: liquidity/change is the growth of the pool's normalized income between two blocks", async () => {
    const [a, b] = [marks[0]!, marks.at(-1)!];
    const r = await get(
      `liquidity/change?chain=${CHAIN}&token=USDC&start_block=${a.block}&end_block=${b.block}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Number(r.body.liquidity_change)).toBeCloseTo((Number(b.income) / Number(a.income) - 1) * 100, 9);
    expect(Number(r.body.liquidity_change)).toBeGreaterThan(0);
    expect(r.body.start_time).toBe(new Date(Number(a.time) * 1000).toISOString());
  });

  test("default: reserves, prices and tokens at a recent block are the pool's and the oracle's", async () => {
    const block = marks.at(-1)!.block;
    const tokens = await get(`aave_supported_tokens?chain=${CHAIN}&block=${block}`);
    expect(tokens.body.tokens.map((t: any) => t.symbol).sort()).toEqual(["USDC", "USDT", "WETH"]);
    expect(tokens.body.tokens.find((t: any) => t.symbol === "USDC")).toMatchObject({
      address: usdc(),
      supplying_enabled: true,
      borrowing_enabled: true,
    });
    const price = await get(`token_price?chain=${CHAIN}&token=WETH&block=${block}`);
    const onChain = await chainClient(CHAIN).readContract({
      address: contracts().PriceFeed_WETH_USD!,
      abi: [parseAbiItem("function latestAnswer() view returns (int256)")],
      functionName: "latestAnswer",
      blockNumber: block,
    });
    expect(Number(price.body.price)).toBe(Number(onChain) / 1e8);
    const overview = await get(`reserve_overview?chain=${CHAIN}&token=USDC&block=${block}`);
    expect(overview.body.tvl).toBeGreaterThan(overview.body.total_borrowed);
    expect(overview.body.utilization_ratio).toBeCloseTo(overview.body.total_borrowed / overview.body.tvl, 6);
  });

  test("behavior: blocks out of reach and unknown tokens are 422s naming the field", async () => {
    const early = await get(`rate?chain=${CHAIN}&token=USDC&block=0`);
    expect(early.status).toBe(422);
    expect(early.body.detail[0]).toMatchObject({
      loc: ["query", "block"],
      msg: expect.stringMatching(/did not exist/),
    });
    const future = await get(`rate?chain=${CHAIN}&token=USDC&block=99999999`);
    expect(future.body.detail[0]).toMatchObject({
      loc: ["query", "block"],
      msg: expect.stringMatching(/future/),
    });
    const unknown = await get(`rate?chain=${CHAIN}&token=NOPE`);
    expect(unknown.body.detail[0].loc).toEqual(["query", "token"]);
    const wide = await get(`std_rate?chain=${CHAIN}&days=31`);
    expect(wide.body.detail[0].loc).toEqual(["query", "days"]);
  });
});

describe("v1 Aave: the wallet's own writes", () => {
  test("default: supply, borrow, repay all, withdraw — each read back in the position and the history", async () => {
    const send = async (path: string, body: Record<string, unknown>) => {
      const r = await postJson(`/v1/aave/${path}`, { chain: CHAIN, sender: user, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return sendUnsigned(DEV, CHAIN, r.body.transaction);
    };
    // a supply without the pool's allowance is refused before anything is signed
    const unapproved = await postJson("/v1/aave/supply", {
      chain: CHAIN,
      sender: user,
      token: "USDC",
      amount: "100",
    });
    expect(unapproved.status).toBe(422);
    expect(unapproved.body.detail[0]).toMatchObject({
      loc: ["body", "amount"],
      msg: expect.stringMatching(/approve/),
    });
    const wallet = devWallet(DEV, CHAIN);
    await minedReceipt(
      wallet,
      await wallet.writeContract({
        address: usdc(),
        abi: erc20Abi,
        functionName: "approve",
        args: [contracts().AavePool!, parseUnits("1000", 6)],
      }),
    );
    await send("supply", { token: "USDC", amount: "100" });
    const mine = await get(`user_position_per_token?chain=${CHAIN}&user=${user}&token=USDC`);
    expect(Number(mine.body.token_balance)).toBeCloseTo(100, 4);

    // borrowing beyond the collateral: Aave's own reason, named
    const greedy = await postJson("/v1/aave/borrow", {
      chain: CHAIN,
      sender: user,
      token: "USDT",
      amount: "1000",
      interest_rate_mode: "variable",
    });
    expect(greedy.status).toBe(422);
    expect(JSON.stringify(greedy.body)).toMatch(/COLLATERAL_CANNOT_COVER_NEW_BORROW/);
    await send("borrow", { token: "USDC", amount: "10", interest_rate_mode: "variable" });
    const summary = await get(`user_position_summary?chain=${CHAIN}&user=${user}`);
    expect(Number(summary.body.total_debt)).toBeCloseTo(10, 2);
    expect(Number(summary.body.total_collateral)).toBeCloseTo(100, 1);
    expect(Number(summary.body.health_factor)).toBeGreaterThan(1);

    await send("repay", { token: "USDC", amount: "11", interest_rate_mode: "variable" });
    const repaid = await get(`user_position_per_token?chain=${CHAIN}&user=${user}&token=USDC`);
    expect(repaid.body.variable_debt).toBe("0");
    await send("withdraw", { token: "USDC", amount: "50", recipient: user });

    const history = await get(`historical_transactions?chain=${CHAIN}&user_address=${user}&limit=4`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.transactions.map((t: any) => t.action)).toEqual([
      "RedeemUnderlying",
      "Repay",
      "Borrow",
      "Supply",
    ]);
    expect(history.body.transactions[2]).toMatchObject({
      amount: 10,
      borrowRateMode: 2,
      reserve: { symbol: "USDC", underlyingAsset: usdc(), decimals: 6 },
    });
    expect(history.body.transactions[3].amount).toBe(100);
  });
});

/** Every ReserveDataUpdated of USDC up to `toBlock`, read with raw eth_getLogs in 50-block pages, decoded here. */
async function rateSteps(toBlock: bigint) {
  const event = parseAbiItem(
    "event ReserveDataUpdated(address indexed reserve, uint256 liquidityRate, uint256 stableBorrowRate, uint256 variableBorrowRate, uint256 liquidityIndex, uint256 variableBorrowIndex)",
  );
  const client = chainClient(CHAIN);
  const steps: { time: number; borrowApr: number }[] = [];
  for (let from = 0n; from <= toBlock; from += 50n) {
    const to = from + 49n > toBlock ? toBlock : from + 49n;
    const logs = await client.getLogs({
      address: contracts().AavePool!,
      event,
      args: { reserve: usdc() },
      fromBlock: from,
      toBlock: to,
    });
    for (const log of logs) {
      const { args } = decodeEventLog({ abi: [event], data: log.data, topics: log.topics });
      const block = await client.getBlock({ blockNumber: log.blockNumber! });
      steps.push({ time: Number(block.timestamp), borrowApr: Number(args.variableBorrowRate) / RAY });
    }
  }
  return steps;
}

/** Time-weighted mean and standard deviation of the step function over [start, end]. */
function weighted(steps: { time: number; borrowApr: number }[], start: number, end: number) {
  const before = steps.filter((s) => s.time <= start).at(-1);
  const points = [
    ...(before ? [{ time: start, borrowApr: before.borrowApr }] : []),
    ...steps.filter((s) => s.time > start && s.time <= end),
  ];
  const w = points.map((p, i) => (points[i + 1]?.time ?? end) - p.time);
  const total = w.reduce((a, b) => a + b, 0);
  const mean = points.reduce((s, p, i) => s + p.borrowApr * w[i]!, 0) / total;
  const variance = points.reduce((s, p, i) => s + (p.borrowApr - mean) ** 2 * w[i]!, 0) / total;
  return { mean, std: Math.sqrt(variance) };
}
