import { execFile } from "node:child_process";
import { rwaTokenAbi } from "@compass/constants";
import {
  addressBook,
  DEVNET_BIN,
  devnetFixture,
  getJson,
  postJson,
  sendAsRole,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { type Address, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * Liquidation is real: a Credit Account borrows USDC against USDT on bsc's Aave v3 near its limit, USDT
 * depegs on the devnet's oracle (`compass-devnet price`), and the liquidator role liquidates the account
 * through the pool (`compass-devnet liquidate`). The API's positions show the liquidation on both sides and the
 * debt that it repaid. bsc's USDT feed moves nothing else (only this test borrows against it there).
 */
const CHAIN = "bsc";
const DEV = 8;
const { url, devnetDir } = testEnv();
const { owner, token, contracts, balanceOf } = devnetFixture(CHAIN, DEV);
let account: Address;
const decimals = (symbol: string) => addressBook().tokens![CHAIN]![symbol]!.decimals as number;

function devnet(...args: string[]): Promise<any> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [DEVNET_BIN, ...args, "--dir", devnetDir], (error, stdout, stderr) =>
      error
        ? reject(new Error(`devnet ${args.join(" ")}: ${stderr || error.message}`))
        : resolve(JSON.parse(stdout)),
    ),
  );
}
const positions = async () => {
  const r = await getJson(`${url}/v2/credit/positions?chain=${CHAIN}&owner=${owner}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

beforeAll(async () => {
  const created = await postJson("/v2/credit/create_account", { chain: CHAIN, sender: owner, owner });
  if (created.body.transaction) await sendUnsigned(DEV, CHAIN, created.body.transaction);
  account = created.body.credit_account_address;
  // USDT the way it is obtained on the devnet: minted by its issuer role
  await sendAsRole(CHAIN, "earn_operator", {
    address: token("USDT"),
    abi: rwaTokenAbi,
    functionName: "mint",
    args: [owner, parseUnits("1000", decimals("USDT"))],
  });
  const deposit = await postJson("/v2/credit/transfer", {
    owner,
    chain: CHAIN,
    token: "USDT",
    amount: "1000",
    action: "DEPOSIT",
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  await sendUnsigned(DEV, CHAIN, deposit.body.transaction);
});
afterAll(async () => {
  await devnet("price", CHAIN, "USDT", "1");
});

describe("credit: a liquidation after an oracle move", () => {
  test("default: USDT depegs, the position falls below health 1, the liquidator repays half the debt and takes USDT with the bonus", async () => {
    const borrow = await postJson("/v2/credit/borrow", {
      owner,
      chain: CHAIN,
      token_in: "USDT",
      amount_in: "1000",
      borrow_token: "USDC",
      borrow_amount: "740",
    });
    expect(borrow.status, JSON.stringify(borrow.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, borrow.body.transaction);
    // 1000 USDT at a 78 % liquidation threshold against 740 USDC: health ≈ 1.054
    expect(Number((await positions()).account_summary.health_factor)).toBeCloseTo(780 / 740, 2);

    // to 0.93: health ≈ 0.98, below 1 but above 0.95, where the pool lets a liquidator repay half the debt
    const moved = await devnet("price", CHAIN, "USDT", "0.93");
    expect(moved).toMatchObject({ symbol: "USDT", previous: "1", price: "0.93" });
    const stressed = await positions();
    expect(Number(stressed.account_summary.health_factor)).toBeCloseTo((0.93 * 780) / 740, 2);

    const debtToken = contracts().AaveVariableDebtToken_USDC!;
    const [debtBefore, aUsdtBefore] = [
      await balanceOf(debtToken, account),
      await balanceOf(contracts().AaveAToken_USDT!, account),
    ];
    const done = await devnet("liquidate", CHAIN, account);
    expect(done).toMatchObject({
      collateral: "USDT",
      debt: "USDC",
      liquidator: addressBook().roles!.liquidator!.address,
    });
    // on chain: the debt fell by what the liquidator covered (less the interest of the seconds since), the
    // collateral by what it seized
    const fell = (before: bigint, now: bigint, symbol: string) =>
      Number(before - now) / 10 ** decimals(symbol);
    expect(fell(debtBefore, await balanceOf(debtToken, account), "USDC")).toBeCloseTo(
      Number(done.debtCovered),
      3,
    );
    expect(fell(aUsdtBefore, await balanceOf(contracts().AaveAToken_USDT!, account), "USDT")).toBeCloseTo(
      Number(done.collateralSeized),
      3,
    );
    // the pool's close factor: at most half the debt while health stays above 0.95
    expect(Number(done.debtCovered)).toBeCloseTo(370, 0);
    // the collateral is worth the repaid debt plus the reserve's 4.5 % bonus, at the moved price
    expect(Number(done.collateralSeized) * 0.93).toBeCloseTo(Number(done.debtCovered) * 1.045, 0);
    // and the position is healthy again
    expect(Number((await positions()).account_summary.health_factor)).toBeGreaterThan(1);

    const after = await positions();
    const liquidation = (rows: any[], symbol: string) =>
      rows.find((r) => r.symbol === symbol).events.filter((e: any) => e.event_type === "liquidation");
    const [onCollateral] = liquidation(after.collateral_positions, "USDT");
    const [onDebt] = liquidation(after.debt_positions, "USDC");
    expect(onCollateral).toMatchObject({
      transaction_hash: done.transactionHash,
      amount: done.collateralSeized,
    });
    expect(onDebt).toMatchObject({ transaction_hash: done.transactionHash, amount: done.debtCovered });
  });

  test("behavior: a healthy position is refused by the liquidator, as the pool would", async () => {
    await devnet("price", CHAIN, "USDT", "1");
    await expect(devnet("liquidate", CHAIN, account)).rejects.toThrow(/not liquidatable/);
    await expect(devnet("price", CHAIN, "NOPE", "1")).rejects.toThrow(/no price feed for NOPE/);
  });
});
