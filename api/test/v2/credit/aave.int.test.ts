import { aavePoolAbi } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import {
  advanceDevnet,
  chainClient,
  devnetFixture,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  wrapNative,
} from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { type Address, parseAbi, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * Credit on Aave v3 (the authors' contracts on the devnet) from the Credit Account: USDC supplied as collateral
 * and WETH borrowed against it in one transaction, the pool's own account data behind `positions`, interest on
 * the debt after the clock moves, the protocol's refusals named before anything is signed, and the debt repaid
 * with the collateral withdrawn in one transaction.
 */
const { url } = testEnv();
const CHAIN = "ethereum";
const DEV = 3;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
let account: Address;

const positions = async () => {
  const r = await getJson(`${url}/v2/credit/positions?chain=${CHAIN}&owner=${owner}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const accountData = async () => {
  const [collateral, debt, available, , ltv, health] = await chainClient(CHAIN).readContract({
    address: contracts().AavePool!,
    abi: aavePoolAbi,
    functionName: "getUserAccountData",
    args: [account],
  });
  return { collateral, debt, available, ltv, health };
};
const debtOf = (symbol: string) => balanceOf(contracts()[`AaveVariableDebtToken_${symbol}`]!, account);
const suppliedOf = (symbol: string) => balanceOf(contracts()[`AaveAToken_${symbol}`]!, account);

/** The owner deposits `amount` of a token into the Credit Account through the API. */
async function deposit(symbol: string, amount: string) {
  const r = await postJson("/v2/credit/transfer", {
    owner,
    chain: CHAIN,
    token: symbol,
    amount,
    action: "DEPOSIT",
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await sendUnsigned(DEV, CHAIN, r.body.transaction);
}

beforeAll(async () => {
  const created = await postJson("/v2/credit/create_account", { chain: CHAIN, sender: owner, owner });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  if (created.body.transaction) await sendUnsigned(DEV, CHAIN, created.body.transaction);
  account = created.body.credit_account_address;
  // a separate Safe from the Earn Account of the same owner
  const earn = await postJson("/v2/earn/create_account", { chain: CHAIN, sender: owner, owner });
  expect(earn.body.earn_account_address).not.toBe(account);
  await deposit("USDC", "10000");
});

describe("credit: Aave v3 borrow and repay", () => {
  test("default: supply USDC and borrow WETH in one transaction, less the fee; positions are the pool's figures", async () => {
    const before = await positions();
    const debtBefore = await debtOf("WETH");
    const wethBefore = await balanceOf(token("WETH"), account);
    const feeRecipient = privateKeyToAccount(generatePrivateKey()).address;
    const r = await postJson("/v2/credit/borrow", {
      owner,
      chain: CHAIN,
      token_in: "USDC",
      amount_in: "10000",
      collateral_token: "USDC",
      borrow_token: "WETH",
      borrow_amount: "1",
      fee: { recipient: feeRecipient, amount: 0.5 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.fee_amount).toBe("0.005");
    expect(r.body.eip_712).toBeNull();
    const receipt = await sendUnsigned(DEV, CHAIN, r.body.transaction);
    // on chain: the collateral supplied, the debt owed, the borrowed WETH in the account less the fee
    expect(
      (await suppliedOf("USDC")) -
        BigInt(parseUnits(before.collateral_positions[0]?.amount_supplied ?? "0", 6)),
    ).toBeGreaterThanOrEqual(parseUnits("10000", 6) - 1n);
    expect((await debtOf("WETH")) - debtBefore).toBeGreaterThanOrEqual(parseUnits("1", 18) - 1n);
    expect((await balanceOf(token("WETH"), account)) - wethBefore).toBe(parseUnits("0.995", 18));
    expect(await balanceOf(token("WETH"), feeRecipient)).toBe(parseUnits("0.005", 18));

    const p = await positions();
    const chain = await accountData();
    expect(Number(p.account_summary.health_factor)).toBeCloseTo(Number(chain.health) / 1e18, 3);
    expect(Number(p.account_summary.total_debt_usd)).toBeCloseTo(Number(chain.debt) / 1e8, 1);
    expect(Number(p.account_summary.total_collateral_usd)).toBeCloseTo(Number(chain.collateral) / 1e8, 1);
    // the account's LTV is the pool's collateral-weighted one (77 % for USDC alone)
    expect(p.account_summary).toMatchObject({
      protocol: "AAVE",
      ltv: (Number(chain.ltv) / 100).toFixed(2),
      emode_category_id: 0,
    });
    const usdc = p.collateral_positions.find((c: { symbol: string }) => c.symbol === "USDC");
    expect(usdc).toMatchObject({ token: token("USDC"), protocol: "AAVE", max_ltv: "77.00" });
    expect(usdc.events.at(-1)).toMatchObject({
      event_type: "supply",
      amount: "10000",
      transaction_hash: receipt.transactionHash,
    });
    const weth = p.debt_positions.find((d: { symbol: string }) => d.symbol === "WETH");
    expect(weth.events.at(-1)).toMatchObject({ event_type: "borrow", amount: "1", symbol: "WETH" });
    expect(Number(weth.borrow_apy)).toBeGreaterThan(0);
    // what is left to borrow is the pool's available borrows at the oracle's WETH price
    const left = p.borrowable_tokens.find((b: { symbol: string }) => b.symbol === "WETH");
    const wethUsd = Number(weth.usd_value) / Number(weth.amount_borrowed);
    expect(Number(left.max_borrowable_amount) * wethUsd).toBeCloseTo(Number(chain.available) / 1e8, -1);
    expect(Number(p.total_usd_value)).toBeCloseTo(Number(chain.collateral - chain.debt) / 1e8, 1);
  });

  test("default: interest accrues on the debt as the clock moves, then repay it all and withdraw the collateral", async () => {
    const owedBefore = await debtOf("WETH");
    await advanceDevnet(86_400);
    const owed = await debtOf("WETH");
    expect(owed).toBeGreaterThan(owedBefore);
    const weth = (await positions()).debt_positions.find((d: { symbol: string }) => d.symbol === "WETH");
    expect(Number(weth.interest_paid)).toBeGreaterThan(0);

    // the account holds 0.995 WETH: the owner wraps and deposits a little more to cover the debt
    await wrapNative(DEV, CHAIN, "0.1");
    await deposit("WETH", "0.1");
    const supplied = await suppliedOf("USDC");
    const usdcBefore = await balanceOf(token("USDC"), account);
    const wethBefore = await balanceOf(token("WETH"), account);
    // too much collateral out while the debt stands: the pool's own refusal, found by the simulation
    const early = await postJson("/v2/credit/repay", {
      owner,
      chain: CHAIN,
      repay_token: "WETH",
      repay_amount: "0.1",
      withdraw_token: "USDC",
      withdraw_amount: "9000",
    });
    expect(early.status, JSON.stringify(early.body)).toBe(422);

    const r = await postJson("/v2/credit/repay", {
      owner,
      chain: CHAIN,
      repay_token: "WETH",
      repay_amount: "2",
      withdraw_token: "USDC",
      withdraw_amount: "10000",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, r.body.transaction);
    expect(await debtOf("WETH")).toBe(0n);
    // the pool took only what was owed (to the second of the block that mined it)
    const paid = wethBefore - (await balanceOf(token("WETH"), account));
    expect(paid).toBeGreaterThanOrEqual(owed);
    expect(paid - owed).toBeLessThan(parseUnits("0.0001", 18));
    expect((await balanceOf(token("USDC"), account)) - usdcBefore).toBe(parseUnits("10000", 6));
    expect(await suppliedOf("USDC")).toBeLessThan(supplied);
    const p = await positions();
    // no WETH owed (a stack kept from an earlier run still has the Permit2 test's USDC debt)
    expect(p.debt_positions.filter((d: { symbol: string }) => d.symbol === "WETH")).toEqual([]);
    const usdc = p.collateral_positions.find((c: { symbol: string }) => c.symbol === "USDC");
    expect(usdc?.events.at(-1)).toMatchObject({ event_type: "withdraw", amount: "10000" });
  });

  test("default: collateral pulled from the wallet with a Permit2 signature, supplied and borrowed against in one transaction", async () => {
    const wallet = devWallet(DEV, CHAIN);
    const approve = await postJson("/v2/gas_sponsorship/approve_transfer", {
      owner,
      chain: CHAIN,
      token: "USDT",
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    if (!approve.body.already_approved)
      await minedReceipt(
        wallet,
        await wallet.sendTransaction({
          to: approve.body.transaction.to,
          data: approve.body.transaction.data,
        }),
      );
    const permit = await postJson("/v2/credit/transfer", {
      owner,
      chain: CHAIN,
      token: "USDT",
      amount: "2000",
      action: "DEPOSIT",
      gas_sponsorship: true,
    });
    expect(permit.status, JSON.stringify(permit.body)).toBe(200);
    const typed = permit.body.eip_712;
    expect(typed.message.spender).toBe(account);
    const { EIP712Domain: _, ...types } = typed.types;
    const signature = await wallet.signTypedData({
      domain: typed.domain,
      types,
      primaryType: typed.primaryType,
      message: typed.message,
    } as Parameters<typeof wallet.signTypedData>[0]);
    const [walletUsdt, suppliedUsdt, usdcBefore] = [
      await balanceOf(token("USDT"), owner),
      await suppliedOf("USDT"),
      await balanceOf(token("USDC"), account),
    ];
    const r = await postJson("/v2/credit/borrow", {
      owner,
      chain: CHAIN,
      token_in: "USDT",
      amount_in: "2000",
      borrow_token: "USDC",
      borrow_amount: "1000",
      permit2_signature: signature,
      permit2_nonce: typed.message.nonce,
      permit2_deadline: typed.message.deadline,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, r.body.transaction);
    expect(walletUsdt - (await balanceOf(token("USDT"), owner))).toBe(parseUnits("2000", 6));
    expect((await suppliedOf("USDT")) - suppliedUsdt).toBeGreaterThanOrEqual(parseUnits("2000", 6) - 1n);
    expect((await balanceOf(token("USDC"), account)) - usdcBefore).toBe(parseUnits("1000", 6));
    // the same signature again: Permit2 refuses a used nonce, so the simulation does
    const again = await postJson("/v2/credit/borrow", {
      owner,
      chain: CHAIN,
      token_in: "USDT",
      amount_in: "2000",
      borrow_token: "USDC",
      borrow_amount: "1",
      permit2_signature: signature,
      permit2_nonce: typed.message.nonce,
      permit2_deadline: typed.message.deadline,
    });
    expect(again.status, JSON.stringify(again.body)).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });

  test("behavior: what the pool would refuse is a 422 naming the field, before anything is signed", async () => {
    const base = { owner, chain: CHAIN };
    const cases: [Record<string, unknown>, (string | number)[], RegExp][] = [
      [
        { borrow_token: "WETH", borrow_amount: "1000" },
        ["body", "borrow_amount"],
        /COLLATERAL_CANNOT_COVER_NEW_BORROW|holds .* of cash/,
      ],
      [
        { borrow_token: "NOPE", borrow_amount: "1" },
        ["body", "borrow_token"],
        /not a reserve of Aave v3 on ethereum/,
      ],
      [
        { borrow_token: "WETH", borrow_amount: "1", interest_rate_mode: "stable" },
        ["body", "interest_rate_mode"],
        /stable-rate borrowing is retired/,
      ],
      [
        { borrow_token: "WETH", borrow_amount: "1", protocol: "EULER" },
        ["body", "protocol"],
        /not available on this deployment yet/,
      ],
      [
        { borrow_token: "USDC", borrow_amount: "1", protocol: "MORPHO" },
        ["body", "market_id"],
        /required with protocol MORPHO/,
      ],
      [
        { token_in: "USDC", amount_in: "50000000", borrow_token: "WETH", borrow_amount: "1" },
        ["body", "amount_in"],
        /holds .* USDC/,
      ],
      [{ token_in: "USDC", borrow_token: "WETH", borrow_amount: "1" }, ["body", "amount_in"], /go together/],
    ];
    for (const [fields, loc, msg] of cases) {
      const r = await postJson("/v2/credit/borrow", { ...base, ...fields });
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.detail[0].loc, JSON.stringify(fields)).toEqual(loc);
      expect(r.body.detail[0].msg).toMatch(msg);
    }
    const noDebt = await postJson("/v2/credit/repay", { ...base, repay_token: "USDT", repay_amount: "1" });
    expect(noDebt.status).toBe(422);
    expect(noDebt.body.detail[0]).toMatchObject({
      loc: ["body", "repay_token"],
      msg: expect.stringMatching(/owes no USDT/),
    });
    const tempo = await getJson(`${url}/v2/credit/positions?chain=tempo&owner=${owner}`);
    expect(tempo.status).toBe(422);
    expect(tempo.body.detail[0].loc).toEqual(["query", "chain"]);
    // an owner without a Credit Account: empty lists, not an error
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const empty = await getJson(`${url}/v2/credit/positions?chain=${CHAIN}&owner=${stranger}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ collateral_positions: [], debt_positions: [] });
  });

  test("default: balances list what the Credit Account holds, apart from what it supplied", async () => {
    const r = await getJson(`${url}/v2/credit/balances?chain=${CHAIN}&owner=${owner}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.credit_account_address).toBe(account);
    expect(r.body.balances.USDC.balance).toBe(String(await balanceOf(token("USDC"), account)));
    expect(r.body.balances.USDC.transfers[0]).toMatchObject({ direction: "in", amount_formatted: "10000" });
  });
});

describe("credit: Morpho Blue markets", () => {
  test("default: every market the singleton created, its totals read from the chain, sorted and paged", async () => {
    const r = await getJson(`${url}/v2/credit/morpho_markets?chain=${CHAIN}&order_by=tvl_usd`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.morpho).toBe(contracts().MorphoBlue);
    // the devnet's two markets: USDC lent against WETH and against wstETH (a stack kept from an earlier run may have more)
    expect(r.body.total).toBeGreaterThanOrEqual(2);
    const tvls = r.body.markets.map((m: { tvl_usd: string }) => Number(m.tvl_usd));
    expect(tvls).toEqual([...tvls].sort((a, b) => b - a));
    const weth = r.body.markets.find(
      (m: { collateral_token_symbol: string; loan_token_symbol: string }) =>
        m.collateral_token_symbol === "WETH" && m.loan_token_symbol === "USDC",
    );
    expect(weth).toMatchObject({
      loan_token: token("USDC"),
      collateral_token: token("WETH"),
      lltv: "86",
      loan_token_decimals: 6,
    });
    const [supplied, , borrowed] = await chainClient(CHAIN).readContract({
      address: contracts().MorphoBlue!,
      abi: parseAbi([
        "function market(bytes32) view returns (uint128, uint128, uint128, uint128, uint128, uint128)",
      ]),
      functionName: "market",
      args: [weth.market_id],
    });
    // the chain's totals at the latest block; the API reads for the next one (a second more of interest)
    expect(Number(weth.total_supply_assets)).toBeCloseTo(Number(supplied) / 1e6, 0);
    expect(Number(weth.total_borrow_assets)).toBeCloseTo(Number(borrowed) / 1e6, 0);
    expect(Number(weth.utilization)).toBeCloseTo((Number(borrowed) / Number(supplied)) * 100, 1);
    expect(Number(weth.borrow_apy)).toBeGreaterThan(Number(weth.supply_apy));
    expect(Number(weth.tvl_usd)).toBeCloseTo(Number(weth.total_supply_assets), -1);
    const page = await getJson(
      `${url}/v2/credit/morpho_markets?chain=${CHAIN}&order_by=lltv&direction=asc&offset=1&limit=1`,
    );
    expect(page.body).toMatchObject({ total: r.body.total, offset: 1, limit: 1 });
    expect(page.body.markets).toHaveLength(1);
    const bsc = await getJson(`${url}/v2/credit/morpho_markets?chain=bsc`);
    expect(bsc.status).toBe(422);
    expect(bsc.body.detail[0]).toMatchObject({
      loc: ["query", "chain"],
      msg: expect.stringMatching(/Morpho Blue is not deployed on bsc/),
    });
  });
});
