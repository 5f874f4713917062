import { aavePoolAbi } from "@compass/constants";
import { decodeFunctionData, erc20Abi, getAddress, type PublicClient } from "viem";
import { describe, expect, test } from "vitest";
import { RequestValidationError } from "../../../src/kernel/errors.ts";
import {
  type AaveMarket,
  type AaveReserveState,
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
