import { aavePoolAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import {
  addressBook,
  advanceDevnet,
  chainClient,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  usdcBalance,
} from "@compass/testkit/live";
import { type Address, createWalletClient, erc20Abi, http, parseAbi, parseUnits, publicActions } from "viem";
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
const owner = addressBook().accounts.dev[DEV]!.address;
const contracts = () => addressBook().chains[CHAIN]!.contracts as Record<string, Address>;
const token = (symbol: string) => addressBook().tokens![CHAIN]![symbol]!.address as Address;
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
async function configure(functionName: "setReserveFreeze" | "setSupplyCap", args: readonly unknown[]) {
  const role = (addressBook() as { roles: Record<string, { privateKey: `0x${string}` }> }).roles.deployer!;
  const wallet = createWalletClient({
    account: privateKeyToAccount(role.privateKey),
    chain: chainClient(CHAIN).chain!,
    transport: http(addressBook().chains[CHAIN]!.rpcUrl),
  }).extend(publicActions);
  const hash = await wallet.writeContract({
    address: contracts().AavePoolConfigurator!,
    abi: parseAbi([
      "function setReserveFreeze(address asset, bool freeze)",
      "function setSupplyCap(address asset, uint256 newSupplyCap)",
    ]),
    functionName,
    args: args as never,
  });
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
}

beforeAll(async () => {
  const created = await postJson("/v2/earn/create_account", { chain: CHAIN, sender: owner, owner });
  account = created.body.earn_account_address;
  if (created.body.transaction) await sendUnsigned(DEV, CHAIN, created.body.transaction);
  const deposit = await postJson("/v2/earn/transfer", {
    owner,
    chain: CHAIN,
    token: "USDC",
    amount: "1200",
    action: "DEPOSIT",
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  await sendUnsigned(DEV, CHAIN, deposit.body.transaction);
});

describe("earn: Aave v3 supply", () => {
  test("default: supply → interest after a day → withdraw half with a performance fee, realised FIFO", async () => {
    const usdc = await usdcBalance(CHAIN, account);
    const aBefore = await aUsdcBalance();
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
    expect(Number(p.pnl.total_deposited)).toBe(1000);
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
    expect(Number(usdc.supply_apy_avg)).toBeGreaterThan(0);
    expect(Number(usdc.borrow_apy_avg)).toBeGreaterThan(Number(usdc.supply_apy_avg));
    expect(usdc.reserves).toHaveLength(1);
    expect("intrinsic_apy" in usdc).toBe(false);
    expect(Number(usdc.utilization_rate)).toBeGreaterThan(0);
    expect(r.body.markets.USDC.max_supply_apy).toMatchObject({ chain: CHAIN, address: token("USDC") });

    const all = await getJson(`${url}/v2/earn/aave_markets`);
    expect(Object.keys(all.body.markets.WETH.chains).sort()).toEqual(["arbitrum", "base", "ethereum"]);
    const bad = await getJson(`${url}/v2/earn/aave_markets?days=0`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "days"]);
  });
});
