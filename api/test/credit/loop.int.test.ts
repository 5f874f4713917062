import { aavePoolAbi } from "@compass/constants";
import { chainClient, devnetFixture, postJson, sendUnsigned, wrapNative } from "@compass/testkit/live";
import { type Address, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * A leverage loop on Aave v3 from the Credit Account: WETH levered 2.5× against USDC debt in one transaction of
 * legs (borrow, swap through the aggregator twin, supply the floor), previewed first without a transaction,
 * the result asserted on chain against the preview; targets out of reach are refused before anything is signed.
 */
const CHAIN = "ethereum";
const DEV = 5;
const { owner, contracts, balanceOf } = devnetFixture(CHAIN, DEV);
let account: Address;
const aWeth = () => balanceOf(contracts().AaveAToken_WETH!, account);
const usdcDebt = () => balanceOf(contracts().AaveVariableDebtToken_USDC!, account);
const loop = (fields: Record<string, unknown>) =>
  postJson("/v2/credit/loop", {
    owner,
    chain: CHAIN,
    collateral_token: "WETH",
    borrow_token: "USDC",
    initial_collateral_amount: "1",
    multiplier: "2.5",
    loan_to_value: "70",
    max_slippage_percent: "0.5",
    ...fields,
  });

beforeAll(async () => {
  const created = await postJson("/v2/credit/create_account", { chain: CHAIN, sender: owner, owner });
  if (created.body.transaction) await sendUnsigned(DEV, CHAIN, created.body.transaction);
  account = created.body.credit_account_address;
  await wrapNative(DEV, CHAIN, "1");
  const deposit = await postJson("/v2/credit/transfer", {
    owner,
    chain: CHAIN,
    token: "WETH",
    amount: "1",
    action: "DEPOSIT",
  });
  await sendUnsigned(DEV, CHAIN, deposit.body.transaction);
});

describe("credit: leverage loop on Aave v3", () => {
  test("default: a preview, then the loop in one transaction lands 2.5× the seed as collateral, as previewed", async () => {
    const [collateralBefore, debtBefore] = [await aWeth(), await usdcDebt()];
    const preview = await loop({ preview: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ transaction: null, eip_712: null, swap_provider: "one_inch" });
    const p = preview.body.preview;
    expect(Math.abs(Number(p.achieved_multiplier) - 2.5)).toBeLessThanOrEqual(2.5 * 0.005);
    expect(p.iterations).toBe(p.legs.length - 1);
    expect(p.iterations).toBeGreaterThanOrEqual(2);
    expect(Number(p.projected_ltv)).toBeLessThanOrEqual(70);
    expect(Number(p.projected_health_factor)).toBeGreaterThan(1);
    // a preview spends nothing
    expect(await aWeth()).toBe(collateralBefore);

    const r = await loop({});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, r.body.transaction);
    const supplied = (await aWeth()) - collateralBefore;
    const owed = (await usdcDebt()) - debtBefore;
    // at least the floors the preview guaranteed, and within the 0.5 % of the target
    expect(supplied).toBeGreaterThanOrEqual(parseUnits(r.body.preview.total_collateral_supplied, 18) - 10n);
    expect(Number(supplied) / 1e18).toBeGreaterThan(2.5 * 0.995);
    expect(Number(supplied) / 1e18).toBeLessThan(2.5 * 1.005);
    expect(Number(owed) / 1e6).toBeCloseTo(Number(r.body.preview.total_borrowed), 0);
    const [, , , , , health] = await chainClient(CHAIN).readContract({
      address: contracts().AavePool!,
      abi: aavePoolAbi,
      functionName: "getUserAccountData",
      args: [account],
    });
    expect(Number(health) / 1e18).toBeGreaterThan(1);
  });

  test("behavior: targets out of reach and what this deployment cannot price are refused before anything is signed", async () => {
    const far = await loop({ multiplier: "10", loan_to_value: "50", preview: true });
    expect(far.status, JSON.stringify(far.body)).toBe(400);
    expect(JSON.stringify(far.body)).toMatch(/approaches 2(\.00)?× but never reaches it/);
    const ltv = await loop({ loan_to_value: "90", preview: true });
    expect(ltv.status).toBe(422);
    expect(ltv.body.detail[0]).toMatchObject({
      loc: ["body", "loan_to_value"],
      msg: expect.stringMatching(/80\.5/),
    });
    const firm = await loop({ pricing: "firm", preview: true });
    expect(firm.body.detail[0].loc).toEqual(["body", "pricing"]);
    const same = await loop({ borrow_token: "WETH", preview: true });
    expect(same.body.detail[0].loc).toEqual(["body", "borrow_token"]);
  });
});
