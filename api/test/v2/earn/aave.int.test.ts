import { aavePoolAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import {
  advanceDevnet,
  chainClient,
  devnetFixture,
  fundedEarnAccount,
  getJson,
  postJson,
  sendAsRole,
  sendUnsigned,
  testEnv,
  usdcBalance,
} from "@compass/testkit/live";
import { type Address, erc20Abi, parseAbi, parseAbiItem, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * Aave v3 (the authors' contracts on the devnet) from the Earn Account: supply, interest visible in
 * `positions` after the clock moves, a withdrawal realising it (and paying a performance fee on it), the
 * protocol's refusals named before anything is signed, and `aave_markets` read from the pool.
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const DEV = 8;
const { owner, contracts, token } = devnetFixture(CHAIN, DEV);
let account: Address;

const aUsdcBalance = () =>
  chainClient(CHAIN).readContract({
    address: contracts().AaveAToken_USDC!,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [account],
  });

const aavePosition = async () => {
  const r = await getJson(`${url}/v2/earn/positions?chain=${CHAIN}&owner=${owner}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.aave.find((p: { reserve_symbol: string }) => p.reserve_symbol === "USDC");
};

/** The market's pool admin (the devnet's deployer role), as a risk steward would act. */
async function configure(
  functionName: "setReserveFreeze" | "setReservePause" | "setSupplyCap",
  args: readonly unknown[],
) {
  await sendAsRole(CHAIN, "deployer", {
    address: contracts().AavePoolConfigurator!,
    abi: parseAbi([
      "function setReserveFreeze(address asset, bool freeze)",
      "function setReservePause(address asset, bool paused)",
      "function setSupplyCap(address asset, uint256 newSupplyCap)",
    ]),
    functionName,
    args,
  });
}

beforeAll(async () => {
  account = await fundedEarnAccount(DEV, CHAIN, owner, "1200");
});

describe("earn: Aave v3 supply", () => {
  test("default: supply → interest after a day → withdraw half with a performance fee, realised FIFO", async () => {
    const usdc = await usdcBalance(CHAIN, account);
    const aBefore = await aUsdcBalance();
    // a stack kept from an earlier run already has this account's history
    const depositedBefore = Number((await aavePosition())?.pnl.total_deposited ?? 0);
    const supply = await postJson("/v2/earn/manage", {
      owner,
      chain: CHAIN,
      venue: { type: "AAVE", token: "USDC" },
      action: "DEPOSIT",
      amount: "1000",
    });
    expect(supply.status, JSON.stringify(supply.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, supply.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(usdc - 1_000_000_000n);
    // aTokens are minted 1:1 (to the rounding of the scaled balance)
    expect(Number((await aUsdcBalance()) - aBefore - 1_000_000_000n)).toBeLessThanOrEqual(1);
    let p = await aavePosition();
    expect(p).toMatchObject({ type: "AAVE", reserve_address: token("USDC") });
    expect(p.deposits.at(-1)).toMatchObject({
      input_amount: "1000",
      input_symbol: "USDC",
      cost_per_unit: "1",
    });
    expect(Number(p.apy)).toBeGreaterThan(0);

    await advanceDevnet(86_400);
    p = await aavePosition();
    const grown = await aUsdcBalance();
    expect(grown).toBeGreaterThan(aBefore + 1_000_000_000n);
    // read for the next block: a second more of interest than the test's read at the latest
    expect(Number(p.balance)).toBeCloseTo(Number(grown) / 1e6, 4);
    expect(Number(p.pnl.unrealized_pnl)).toBeGreaterThan(0);

    const feeRecipient = privateKeyToAccount(generatePrivateKey()).address;
    const held = await usdcBalance(CHAIN, account);
    const withdraw = await postJson("/v2/earn/manage", {
      owner,
      chain: CHAIN,
      venue: { type: "AAVE", token: token("USDC") },
      action: "WITHDRAW",
      amount: "500",
      fee: { recipient: feeRecipient, amount: 50, denomination: "PERFORMANCE" },
    });
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, withdraw.body.transaction);
    const fee = await usdcBalance(CHAIN, feeRecipient);
    p = await aavePosition();
    const realized = parseUnits(p.withdrawals.at(-1).realized_pnl, 6);
    expect(realized).toBeGreaterThan(0n);
    // half the realised interest, to the unit of rounding
    expect(Number(fee - realized / 2n) ** 2).toBeLessThanOrEqual(4);
    expect(await usdcBalance(CHAIN, account)).toBe(held + 500_000_000n - fee);
    expect(Number(p.pnl.total_deposited)).toBe(depositedBefore + 1000);
    const all = await getJson(`${url}/v2/earn/positions_all?owner=${owner}`);
    const listed = all.body.chains[CHAIN].aave.find(
      (x: { reserve_symbol: string }) => x.reserve_symbol === "USDC",
    );
    expect(listed.withdrawals).toEqual(p.withdrawals);
    expect(listed.deposits).toEqual(p.deposits);
  });

  test("default: a bundle supplies and withdraws through V2_MANAGE with the AAVE venue and pays the owner, in one transaction", async () => {
    const ownerUsdc = await usdcBalance(CHAIN, owner);
    const usdc = await usdcBalance(CHAIN, account);
    const aBefore = await aUsdcBalance();
    const manage = (action: string, amount: string) => ({
      body: { action_type: "V2_MANAGE", action, venue: { type: "AAVE", token: "USDC" }, amount },
    });
    const bundle = await postJson("/v2/earn/bundle", {
      owner,
      chain: CHAIN,
      actions: [
        manage("DEPOSIT", "100"),
        manage("WITHDRAW", "30"),
        { body: { action_type: "V2_TRANSFER_TO_EOA", token: "USDC", amount: "20" } },
      ],
    });
    expect(bundle.status, JSON.stringify(bundle.body)).toBe(200);
    expect(bundle.body.actions_count).toBe(4); // approve, supply, withdraw, transfer
    const receipt = await sendUnsigned(DEV, CHAIN, bundle.body.transaction);
    expect(receipt.status).toBe("success");
    expect(await usdcBalance(CHAIN, account)).toBe(usdc - 90_000_000n);
    expect(await usdcBalance(CHAIN, owner)).toBe(ownerUsdc + 20_000_000n);
    // 70 more aUSDC, plus the interest the earlier supply earned in the block's seconds (well under a cent)
    const grown = (await aUsdcBalance()) - aBefore - 70_000_000n;
    expect(grown).toBeGreaterThanOrEqual(-1n);
    expect(grown).toBeLessThan(10_000n);
    const p = await aavePosition();
    expect(p.deposits.at(-1)).toMatchObject({
      input_amount: "100",
      transaction_hash: receipt.transactionHash,
    });
    expect(p.withdrawals.at(-1)).toMatchObject({
      output_amount: "30",
      transaction_hash: receipt.transactionHash,
    });
  });

  test("behavior: a frozen reserve, a reached supply cap and more than is supplied are 422s with Aave's reason", async () => {
    const base = { owner, chain: CHAIN, action: "DEPOSIT" };
    await configure("setReserveFreeze", [token("WETH"), true]);
    try {
      const frozen = await postJson("/v2/earn/manage", {
        ...base,
        venue: { type: "AAVE", token: "WETH" },
        amount: "0.1",
      });
      expect(frozen.status, JSON.stringify(frozen.body)).toBe(422);
      expect(frozen.body.detail[0].loc).toEqual(["body", "venue", "token"]);
      expect(frozen.body.detail[0].msg).toMatch(/frozen.*RESERVE_FROZEN/);
      // the same refusal inside a bundle names the action
      const bundled = await postJson("/v2/earn/bundle", {
        owner,
        chain: CHAIN,
        actions: [
          {
            body: {
              action_type: "V2_MANAGE",
              action: "DEPOSIT",
              venue: { type: "AAVE", token: "WETH" },
              amount: "0.1",
            },
          },
        ],
      });
      expect(bundled.status, JSON.stringify(bundled.body)).toBe(422);
      expect(bundled.body.detail[0].loc).toEqual(["body", "actions", 0, "body", "venue", "token"]);
      expect(bundled.body.detail[0].msg).toMatch(/RESERVE_FROZEN/);
    } finally {
      await configure("setReserveFreeze", [token("WETH"), false]);
    }
    const [, supplyCap] = await chainClient(CHAIN).readContract({
      address: contracts().AaveProtocolDataProvider!,
      abi: aaveProtocolDataProviderAbi,
      functionName: "getReserveCaps",
      args: [token("USDC")],
    });
    const data = await chainClient(CHAIN).readContract({
      address: contracts().AaveProtocolDataProvider!,
      abi: aaveProtocolDataProviderAbi,
      functionName: "getReserveData",
      args: [token("USDC")],
    });
    // a cap just above what is supplied now: 100 USDC more is over it
    await configure("setSupplyCap", [token("USDC"), data[2] / 1_000_000n + 1n]);
    try {
      const capped = await postJson("/v2/earn/manage", {
        ...base,
        venue: { type: "AAVE", token: "USDC" },
        amount: "100",
      });
      expect(capped.status, JSON.stringify(capped.body)).toBe(422);
      expect(capped.body.detail[0].loc).toEqual(["body", "amount"]);
      expect(capped.body.detail[0].msg).toMatch(/supply cap.*SUPPLY_CAP_EXCEEDED/);
    } finally {
      await configure("setSupplyCap", [token("USDC"), supplyCap]);
    }
    // paused (the emergency admin's switch): nothing in or out, not even the account's own supply
    await configure("setReservePause", [token("USDC"), true]);
    try {
      const paused = await postJson("/v2/earn/manage", {
        ...base,
        action: "WITHDRAW",
        venue: { type: "AAVE", token: "USDC" },
        amount: "1",
      });
      expect(paused.status, JSON.stringify(paused.body)).toBe(422);
      expect(paused.body.detail[0].loc).toEqual(["body", "venue", "token"]);
      expect(paused.body.detail[0].msg).toMatch(/paused.*RESERVE_PAUSED/);
    } finally {
      await configure("setReservePause", [token("USDC"), false]);
    }
    const overdraw = await postJson("/v2/earn/manage", {
      ...base,
      action: "WITHDRAW",
      venue: { type: "AAVE", token: "USDC" },
      amount: "100000",
    });
    expect(overdraw.status).toBe(422);
    expect(overdraw.body.detail[0].loc).toEqual(["body", "amount"]);
    const notReserve = await postJson("/v2/earn/manage", {
      ...base,
      venue: { type: "AAVE", token: "wstETH" },
      amount: "1",
    });
    expect(notReserve.status).toBe(422);
    expect(notReserve.body.detail[0].msg).toMatch(/not a reserve of Aave v3/);
  });
});

describe("earn: aave_markets", () => {
  test("default: each reserve's rates are the pool's own, averaged from its rate updates; limits as configured", async () => {
    const r = await getJson(`${url}/v2/earn/aave_markets?chain=${CHAIN}&days=7`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const usdc = r.body.markets.USDC.chains[CHAIN];
    const reserve = await chainClient(CHAIN).readContract({
      address: contracts().AavePool!,
      abi: aavePoolAbi,
      functionName: "getReserveData",
      args: [token("USDC")],
    });
    // APY compounded per second from the ray rate, computed here independently
    const apy = (ray: bigint) => ((1 + Number(ray) / 1e27 / 31_536_000) ** 31_536_000 - 1) * 100;
    expect(Number(usdc.supply_apy)).toBeCloseTo(apy(reserve.currentLiquidityRate), 3);
    expect(Number(usdc.borrow_apy)).toBeCloseTo(apy(reserve.currentVariableBorrowRate), 3);
    expect(usdc).toMatchObject({
      address: token("USDC"),
      a_token_address: contracts().AaveAToken_USDC,
      ltv: "77.00",
      liquidation_threshold: "80.00",
    });
    // the window's mean, computed here from the pool's rate updates read straight from the chain: each
    // ReserveDataUpdated puts its rates in force until the next; the window opens at the rate then in force
    // (or at the reserve's first update when it is younger than the window)
    const client = chainClient(CHAIN);
    const head = await client.getBlock();
    const updates = await client.getLogs({
      address: contracts().AavePool!,
      event: parseAbiItem(
        "event ReserveDataUpdated(address indexed reserve, uint256 liquidityRate, uint256 stableBorrowRate, uint256 variableBorrowRate, uint256 liquidityIndex, uint256 variableBorrowIndex)",
      ),
      args: { reserve: token("USDC") },
      fromBlock: 0n,
      toBlock: head.number,
    });
    const at = new Map<bigint, bigint>();
    for (const n of new Set(updates.map((u) => u.blockNumber)))
      at.set(n, (await client.getBlock({ blockNumber: n })).timestamp);
    const start = head.timestamp - 7n * 86_400n;
    const steps = updates.map((u) => ({ t: at.get(u.blockNumber)!, ...u.args }));
    const opening = steps.filter((x) => x.t <= start).at(-1);
    const segments = [...(opening ? [{ ...opening, t: start }] : []), ...steps.filter((x) => x.t > start)];
    let [seconds, supplySum, borrowSum] = [0, 0, 0];
    segments.forEach((x, i) => {
      const span = Number((segments[i + 1]?.t ?? head.timestamp) - x.t);
      seconds += span;
      supplySum += span * apy(x.liquidityRate!);
      borrowSum += span * apy(x.variableBorrowRate!);
    });
    expect(Number(usdc.supply_apy_avg)).toBeCloseTo(supplySum / seconds, 3);
    expect(Number(usdc.borrow_apy_avg)).toBeCloseTo(borrowSum / seconds, 3);
    // the supply and borrow above moved the rate inside the window: the mean is no spot rate
    expect(new Set(segments.map((x) => x.liquidityRate)).size).toBeGreaterThan(1);
    expect(usdc.supply_apy_avg).not.toBe(usdc.supply_apy);
    expect(Number(usdc.borrow_apy_avg)).toBeGreaterThan(Number(usdc.supply_apy_avg));
    expect(usdc.reserves).toHaveLength(1);
    expect("intrinsic_apy" in usdc).toBe(false);
    expect(Number(usdc.utilization_rate)).toBeGreaterThan(0);
    expect(r.body.markets.USDC.max_supply_apy).toMatchObject({ chain: CHAIN, address: token("USDC") });

    const all = await getJson(`${url}/v2/earn/aave_markets`);
    expect(Object.keys(all.body.markets.WETH.chains).sort()).toEqual(["arbitrum", "base", "ethereum"]);
    const unserved = await getJson(`${url}/v2/earn/aave_markets?chain=tempo`);
    expect(unserved.status).toBe(422);
    expect(unserved.body.detail[0].loc).toEqual(["query", "chain"]);
    const bad = await getJson(`${url}/v2/earn/aave_markets?days=0`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "days"]);
  });
});
