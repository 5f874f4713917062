import { aavePoolAbi } from "@compass/constants";
import { decodeFunctionData, erc20Abi, getAddress, type PublicClient } from "viem";
import { describe, expect, test } from "vitest";
import { RequestValidationError } from "../../../src/kernel/errors.ts";
import {
  type AaveAccountReserve,
  type AaveMarket,
  type AaveReserveState,
  aaveBorrowCalls,
  aaveRepayCalls,
  aaveSupplyCalls,
  aaveWithdrawCalls,
  assertAaveReserveOpen,
  RAY,
} from "../../../src/protocols/aave/index.ts";

/**
 * What Aave would refuse, judged before anything is built (the integration test shows frozen, paused and the
 * cap on the devnet's real pool; here every limit, including cash the devnet cannot easily drain).
 */
const USDC = {
  address: getAddress("0x00000000000000000000000000000000000000a1"),
  symbol: "USDC",
  decimals: 6,
};
const market: AaveMarket = {
  chain: "base",
  pool: getAddress("0x00000000000000000000000000000000000000b1"),
  dataProvider: getAddress("0x00000000000000000000000000000000000000b2"),
  oracle: getAddress("0x00000000000000000000000000000000000000b3"),
};
const account = getAddress("0x00000000000000000000000000000000000000c1");
const usdc = (n: number) => BigInt(n) * 1_000_000n;

const reserve = (over: Partial<AaveReserveState> = {}): AaveReserveState => ({
  asset: USDC.address,
  symbol: USDC.symbol,
  decimals: USDC.decimals,
  aToken: "0x00000000000000000000000000000000000000d1",
  variableDebtToken: "0x00000000000000000000000000000000000000d2",
  ltvBps: 7700n,
  thresholdBps: 8000n,
  collateralEnabled: true,
  borrowingEnabled: true,
  active: true,
  frozen: false,
  paused: false,
  supplyCap: 0n,
  accruedToTreasuryScaled: 0n,
  totalAToken: usdc(1_000),
  totalStableDebt: 0n,
  totalVariableDebt: usdc(600),
  totalSupplied: usdc(1_000),
  totalBorrowed: usdc(600),
  cash: usdc(400),
  liquidityRate: RAY / 50n,
  variableBorrowRate: RAY / 20n,
  stableBorrowRate: 0n,
  liquidityIndex: RAY,
  normalizedIncome: RAY,
  ...over,
});

/** earn's manage: the reserve judged open, then its calls (as the Earn Account) */
const calls = async (r: AaveReserveState, action: "DEPOSIT" | "WITHDRAW", amount: bigint) => {
  assertAaveReserveOpen(
    r,
    action === "DEPOSIT" ? "supply" : "withdraw",
    ["body", "venue", "token"],
    "it accepts no new supply",
  );
  const input = { market, reserve: r, account, amount, loc: ["body", "amount"] };
  return action === "DEPOSIT"
    ? aaveSupplyCalls(input)
    : aaveWithdrawCalls({
        ...input,
        client: {} as PublicClient, // a bundle's withdrawal is not judged against the balance now: no read
        holder: "the Earn Account",
        checkBalance: false,
      });
};

async function refusal(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e) => e,
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues[0]!;
}

describe("earn: Aave reserve limits", () => {
  test("default: a supply is approve + supply on the account's own behalf; a withdrawal pays the account", async () => {
    const [approve, supply] = await calls(reserve(), "DEPOSIT", usdc(10));
    expect(approve!.to).toBe(USDC.address);
    expect(decodeFunctionData({ abi: erc20Abi, data: approve!.data }).args).toEqual([market.pool, usdc(10)]);
    expect(supply!.to).toBe(market.pool);
    expect(decodeFunctionData({ abi: aavePoolAbi, data: supply!.data })).toMatchObject({
      functionName: "supply",
      args: [USDC.address, usdc(10), account, 0],
    });
    const [withdraw] = await calls(reserve(), "WITHDRAW", usdc(10));
    expect(decodeFunctionData({ abi: aavePoolAbi, data: withdraw!.data })).toMatchObject({
      functionName: "withdraw",
      args: [USDC.address, usdc(10), account],
    });
  });

  test("behavior: inactive and paused take nothing; frozen refuses supply but lets withdrawals out", async () => {
    const inactive = await refusal(calls(reserve({ active: false }), "WITHDRAW", 1n));
    expect(inactive).toMatchObject({ loc: ["body", "venue", "token"] });
    expect(inactive.msg).toMatch(/RESERVE_INACTIVE/);
    expect((await refusal(calls(reserve({ paused: true }), "WITHDRAW", 1n))).msg).toMatch(/RESERVE_PAUSED/);
    expect((await refusal(calls(reserve({ frozen: true }), "DEPOSIT", 1n))).msg).toMatch(/RESERVE_FROZEN/);
    expect(await calls(reserve({ frozen: true }), "WITHDRAW", 1n)).toHaveLength(1);
  });

  test("behavior: the supply cap names the room left (or that none is); exactly the room passes", async () => {
    // cap 1,200 USDC, 1,000 supplied: 200 of room
    const capped = reserve({ supplyCap: 1_200n });
    expect(await calls(capped, "DEPOSIT", usdc(200))).toHaveLength(2);
    const over = await refusal(calls(capped, "DEPOSIT", usdc(200) + 1n));
    expect(over).toMatchObject({ loc: ["body", "amount"] });
    expect(over.msg).toMatch(/at most 200 USDC more before its supply cap of 1200 USDC.*SUPPLY_CAP_EXCEEDED/);
    const full = await refusal(calls(reserve({ supplyCap: 1_000n }), "DEPOSIT", 1n));
    expect(full.msg).toMatch(/is at its supply cap of 1000 USDC/);
  });

  test("behavior: a withdrawal beyond the cash the reserve holds names what is available", async () => {
    expect(await calls(reserve(), "WITHDRAW", usdc(400))).toHaveLength(1);
    const short = await refusal(calls(reserve(), "WITHDRAW", usdc(400) + 1n));
    expect(short).toMatchObject({ loc: ["body", "amount"] });
    expect(short.msg).toMatch(/holds 400 USDC of cash now.*NOT_ENOUGH_AVAILABLE_USER_BALANCE/);
  });
});

/** credit's borrow and repay: an account reserve with the account's balances, priced at the oracle (8 decimals) */
const held = (over: Partial<AaveAccountReserve> = {}): AaveAccountReserve => ({
  ...reserve(),
  priceUsd8: 100_000_000n,
  supplied: 0n,
  stableDebt: 0n,
  variableDebt: 0n,
  principalStableDebt: 0n,
  scaledVariableDebt: 0n,
  userStableBorrowRate: 0n,
  usedAsCollateral: false,
  ...over,
});
const WETH = {
  asset: getAddress("0x00000000000000000000000000000000000000a2"),
  symbol: "WETH",
  decimals: 18,
};
const loc = { token: ["body", "borrow_token"], amount: ["body", "borrow_amount"] };
const borrow = (input: Partial<Parameters<typeof aaveBorrowCalls>[0]>) =>
  Promise.resolve().then(() =>
    aaveBorrowCalls({
      market,
      account,
      holder: "the Credit Account",
      data: { availableBorrowsUsd8: 0n },
      debt: held(),
      borrowAmount: usdc(10),
      loc,
      ...input,
    }),
  );

describe("credit: Aave borrow and repay limits", () => {
  test("default: collateral is approved and supplied, and the borrow counts its LTV in the borrowing power", async () => {
    // 1 WETH at 2,000 USD with LTV 77%: 1,540 USD of power
    const weth = held({ ...WETH, priceUsd8: 2_000n * 100_000_000n });
    const collateral = { reserve: weth, amount: 10n ** 18n, loc: ["body", "collateral_token"] };
    const calls = await borrow({ collateral, borrowAmount: usdc(400) });
    expect(calls.map((c) => c.to)).toEqual([WETH.asset, market.pool, market.pool]);
    expect(decodeFunctionData({ abi: aavePoolAbi, data: calls[2]!.data })).toMatchObject({
      functionName: "borrow",
      args: [USDC.address, usdc(400), 2n, 0, account],
    });
    const short = await refusal(
      borrow({ collateral, debt: held({ cash: usdc(2_000) }), borrowAmount: usdc(1_541) }),
    );
    expect(short).toMatchObject({ loc: ["body", "borrow_amount"] });
    expect(short.msg).toMatch(
      /the Credit Account can borrow about 1540 USDC.*COLLATERAL_CANNOT_COVER_NEW_BORROW/,
    );
  });

  test("behavior: LTV 0 collateral, borrowing disabled and the reserve's cash are named", async () => {
    const data = { availableBorrowsUsd8: 10n ** 12n };
    const noLtv = { reserve: held({ ...WETH, ltvBps: 0n }), amount: 1n, loc: ["body", "collateral_token"] };
    expect((await refusal(borrow({ data, collateral: noLtv }))).msg).toMatch(
      /WETH cannot be borrowed against/,
    );
    const disabled = await refusal(borrow({ data, debt: held({ borrowingEnabled: false }) }));
    expect(disabled).toMatchObject({ loc: ["body", "borrow_token"] });
    expect(disabled.msg).toMatch(/BORROWING_NOT_ENABLED/);
    const cash = await refusal(borrow({ data, borrowAmount: usdc(401) }));
    expect(cash.msg).toMatch(/holds 400 USDC of cash now \(Aave: NOT_ENOUGH_AVAILABLE_USER_BALANCE\)/);
    expect((await refusal(borrow({ data, debt: held({ frozen: true }) }))).msg).toMatch(
      /frozen: no new borrow/,
    );
  });

  test("behavior: a repay needs debt, and its withdrawal what is supplied", async () => {
    const repay = (debt: AaveAccountReserve, withdraw?: { reserve: AaveAccountReserve; amount: bigint }) =>
      Promise.resolve().then(() =>
        aaveRepayCalls({
          market,
          account,
          holder: "the Credit Account",
          debt,
          amount: usdc(5),
          withdraw: withdraw && { ...withdraw, loc: ["body", "withdraw_amount"] },
          loc: { token: ["body", "repay_token"], amount: ["body", "repay_amount"] },
        }),
      );
    expect((await refusal(repay(held()))).msg).toMatch(/the Credit Account owes no USDC on Aave v3/);
    const weth = held({ ...WETH, supplied: 10n ** 18n, cash: 10n ** 20n });
    expect(await repay(held({ variableDebt: usdc(5) }), { reserve: weth, amount: 10n ** 18n })).toHaveLength(
      3,
    );
    const over = await refusal(
      repay(held({ variableDebt: usdc(5) }), { reserve: weth, amount: 10n ** 18n + 1n }),
    );
    expect(over).toMatchObject({ loc: ["body", "withdraw_amount"] });
    expect(over.msg).toMatch(/has 1 WETH supplied to Aave v3/);
  });
});
