import { rwaTokenAbi } from "@compass/constants";
import { devnetFixture, postJson, sendAsRole, sendUnsigned, wrapNative } from "@compass/testkit/live";
import type { Address } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * Swaps inside borrow and repay on Aave v3: USDT in the account swapped through the aggregator into USDC
 * collateral and borrowed against, in one transaction; then the debt repaid and USDC withdrawn and swapped into
 * USDT, in another. What lands is checked on chain against the swaps' quotes and floors.
 */
const CHAIN = "arbitrum";
const DEV = 3;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
let account: Address;
const aUsdc = () => balanceOf(contracts().AaveAToken_USDC!, account);
const deposit = async (symbol: string, amount: string) => {
  const r = await postJson("/v2/credit/transfer", {
    owner,
    chain: CHAIN,
    token: symbol,
    amount,
    action: "DEPOSIT",
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await sendUnsigned(DEV, CHAIN, r.body.transaction);
};

beforeAll(async () => {
  const created = await postJson("/v2/credit/create_account", { chain: CHAIN, sender: owner, owner });
  if (created.body.transaction) await sendUnsigned(DEV, CHAIN, created.body.transaction);
  account = created.body.credit_account_address;
  // USDT the way it is obtained on the devnet (minted by its issuer role), and a little WETH for the repay
  await sendAsRole(CHAIN, "earn_operator", {
    address: token("USDT"),
    abi: rwaTokenAbi,
    functionName: "mint",
    args: [owner, 200_000_000n],
  });
  await deposit("USDT", "200");
  await wrapNative(DEV, CHAIN, "0.005");
  await deposit("WETH", "0.005");
});

describe("credit: swaps inside borrow and repay", () => {
  test("default: USDT swapped into USDC collateral and borrowed against; repaid, USDC withdrawn and swapped into USDT", async () => {
    const aUsdcBefore = await aUsdc();
    const borrow = await postJson("/v2/credit/borrow", {
      owner,
      chain: CHAIN,
      token_in: "USDT",
      amount_in: "150",
      collateral_token: "USDC",
      borrow_token: "WETH",
      borrow_amount: "0.01",
      slippage: "0.5",
    });
    expect(borrow.status, JSON.stringify(borrow.body)).toBe(200);
    const estimated = Number(borrow.body.estimated_collateral_amount);
    expect(estimated).toBeGreaterThan(149);
    await sendUnsigned(DEV, CHAIN, borrow.body.transaction);
    // the swap's floor is what was supplied: its quote less the 0.5 % asked
    const supplied = Number((await aUsdc()) - aUsdcBefore) / 1e6;
    expect(supplied).toBeGreaterThanOrEqual(estimated * 0.995 - 1e-5);
    expect(supplied).toBeLessThanOrEqual(estimated);

    const usdtBefore = await balanceOf(token("USDT"), account);
    const repay = await postJson("/v2/credit/repay", {
      owner,
      chain: CHAIN,
      repay_token: "WETH",
      repay_amount: "0.011",
      withdraw_token: "USDC",
      withdraw_amount: "100",
      token_out: "USDT",
    });
    expect(repay.status, JSON.stringify(repay.body)).toBe(200);
    const out = Number(repay.body.estimated_token_out_amount);
    expect(out).toBeGreaterThan(99);
    await sendUnsigned(DEV, CHAIN, repay.body.transaction);
    expect(await balanceOf(contracts().AaveVariableDebtToken_WETH!, account)).toBe(0n);
    const gained = Number((await balanceOf(token("USDT"), account)) - usdtBefore) / 1e6;
    expect(gained).toBeGreaterThanOrEqual(out * 0.995 - 1e-5);
  });

  test("behavior: a swap without a route or without what to swap is a 422 naming the field", async () => {
    const noAmount = await postJson("/v2/credit/borrow", {
      owner,
      chain: CHAIN,
      token_in: "USDT",
      collateral_token: "USDC",
      borrow_token: "WETH",
      borrow_amount: "0.001",
    });
    expect(noAmount.body.detail[0].loc).toEqual(["body", "amount_in"]);
    const lonely = await postJson("/v2/credit/repay", {
      owner,
      chain: CHAIN,
      repay_token: "WETH",
      repay_amount: "0.001",
      token_out: "USDT",
    });
    expect(lonely.body.detail[0].loc).toEqual(["body", "token_out"]);
  });
});
