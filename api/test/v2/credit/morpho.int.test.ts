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
import { type Address, type Hex, parseAbi, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * Credit on Morpho Blue (its authors' build on the devnet) from the Credit Account: WETH posted and USDC
 * borrowed in the WETH/USDC market in one transaction, the position and its per-market health factor as the
 * chain has them, Morpho's own bound named before anything is signed, and the debt repaid in full by shares
 * with the collateral withdrawn.
 */
const { url } = testEnv();
const CHAIN = "base";
const DEV = 2;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const morphoAbi = parseAbi([
  "function position(bytes32 id, address user) view returns (uint256 supplyShares, uint128 borrowShares, uint128 collateral)",
  "function market(bytes32 id) view returns (uint128, uint128, uint128, uint128, uint128, uint128)",
]);
let account: Address;
let marketId: Hex;

const position = () =>
  chainClient(CHAIN).readContract({
    address: contracts().MorphoBlue!,
    abi: morphoAbi,
    functionName: "position",
    args: [marketId, account],
  });

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
  const markets = await getJson(`${url}/v2/credit/morpho_markets?chain=${CHAIN}`);
  marketId = markets.body.markets.find(
    (m: { collateral_token_symbol: string; loan_token_symbol: string }) =>
      m.collateral_token_symbol === "WETH" && m.loan_token_symbol === "USDC",
  ).market_id;
  await wrapNative(DEV, CHAIN, "1");
  await deposit("WETH", "1");
});

describe("credit: Morpho Blue borrow and repay", () => {
  test("default: WETH posted and USDC borrowed in one transaction; the position and its health as the chain has them", async () => {
    const before = await position();
    const usdc = await balanceOf(token("USDC"), account);
    const r = await postJson("/v2/credit/borrow", {
      owner,
      chain: CHAIN,
      protocol: "MORPHO",
      market_id: marketId,
      token_in: "WETH",
      amount_in: "1",
      borrow_token: "USDC",
      borrow_amount: "1000",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, r.body.transaction);
    const after = await position();
    expect(after[2] - before[2]).toBe(parseUnits("1", 18));
    expect(after[1]).toBeGreaterThan(before[1]);
    expect((await balanceOf(token("USDC"), account)) - usdc).toBe(parseUnits("1000", 6));

    const p = await getJson(`${url}/v2/credit/positions?chain=${CHAIN}&owner=${owner}`);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const collateral = p.body.collateral_positions.find((c: { protocol: string }) => c.protocol === "MORPHO");
    expect(collateral).toMatchObject({ market_id: marketId, symbol: "WETH", max_ltv: "86" });
    expect(Number(collateral.amount_supplied)).toBe(Number(after[2]) / 1e18);
    const debt = p.body.debt_positions.find((d: { protocol: string }) => d.protocol === "MORPHO");
    expect(debt).toMatchObject({ market_id: marketId, symbol: "USDC" });
    expect(debt.events.at(-1)).toMatchObject({ event_type: "borrow", amount: "1000" });
    // health = collateral × oracle price × LLTV ÷ debt, from the chain's own figures
    const price = await chainClient(CHAIN).readContract({
      address: contracts().MorphoOracle_WETH_USDC!,
      abi: parseAbi(["function price() view returns (uint256)"]),
      functionName: "price",
    });
    const bound = ((Number(after[2]) * Number(price)) / 1e36) * 0.86;
    expect(Number(debt.health_factor)).toBeCloseTo(bound / (Number(debt.amount_borrowed) * 1e6), 2);
  });

  test("behavior: Morpho's own bounds and the market's tokens are 422s naming the field", async () => {
    const base = { owner, chain: CHAIN, protocol: "MORPHO", market_id: marketId };
    const tooMuch = await postJson("/v2/credit/borrow", {
      ...base,
      borrow_token: "USDC",
      borrow_amount: "100000",
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail[0]).toMatchObject({
      loc: ["body", "borrow_amount"],
      msg: expect.stringMatching(/Morpho: insufficient collateral/),
    });
    const wrong = await postJson("/v2/credit/borrow", { ...base, borrow_token: "WETH", borrow_amount: "1" });
    expect(wrong.body.detail[0]).toMatchObject({
      loc: ["body", "borrow_token"],
      msg: expect.stringMatching(/loan token is USDC/),
    });
    const noId = await postJson("/v2/credit/borrow", {
      ...base,
      market_id: undefined,
      borrow_token: "USDC",
      borrow_amount: "1",
    });
    expect(noId.body.detail[0].loc).toEqual(["body", "market_id"]);
    const unknown = await postJson("/v2/credit/borrow", {
      ...base,
      market_id: `0x${"ab".repeat(32)}`,
      borrow_token: "USDC",
      borrow_amount: "1",
    });
    expect(unknown.body.detail[0]).toMatchObject({
      loc: ["body", "market_id"],
      msg: expect.stringMatching(/no Morpho Blue market/),
    });
    const tooMuchOut = await postJson("/v2/credit/repay", {
      ...base,
      repay_token: "USDC",
      repay_amount: "1",
      withdraw_token: "WETH",
      withdraw_amount: "1",
    });
    expect(tooMuchOut.status).toBe(422);
    expect(tooMuchOut.body.detail[0].loc).toEqual(["body", "withdraw_amount"]);
  });

  test("default: interest accrues, then the whole debt is repaid by shares and the WETH comes back", async () => {
    await advanceDevnet(86_400);
    await deposit("USDC", "10");
    const weth = await balanceOf(token("WETH"), account);
    const usdc = await balanceOf(token("USDC"), account);
    const [, shares, posted] = await position();
    expect(shares).toBeGreaterThan(0n);
    const r = await postJson("/v2/credit/repay", {
      owner,
      chain: CHAIN,
      protocol: "MORPHO",
      market_id: marketId,
      repay_token: "USDC",
      repay_amount: "1010",
      withdraw_token: "WETH",
      withdraw_amount: "1",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, r.body.transaction);
    const [, sharesAfter, postedAfter] = await position();
    expect(sharesAfter).toBe(0n);
    expect(posted - postedAfter).toBe(parseUnits("1", 18));
    expect((await balanceOf(token("WETH"), account)) - weth).toBe(parseUnits("1", 18));
    const paid = usdc - (await balanceOf(token("USDC"), account));
    // the debt with a day of interest: more than borrowed, far less than the 1,010 offered
    expect(paid).toBeGreaterThan(parseUnits("1000", 6));
    expect(paid).toBeLessThan(parseUnits("1010", 6));
    const p = await getJson(`${url}/v2/credit/positions?chain=${CHAIN}&owner=${owner}`);
    expect(p.body.debt_positions.filter((d: { protocol: string }) => d.protocol === "MORPHO")).toEqual([]);
  });
});
