import { pendleMarketAbi } from "@compass/constants";
import {
  advanceDevnet,
  chainClient,
  devnetFixture,
  fundedEarnAccount,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  usdcBalance,
} from "@compass/testkit/live";
import { type Address, erc20Abi, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * Pendle v2 (the authors' contracts on the devnet) from the Earn Account: the market list read from chain, PT
 * bought with USDC through Pendle's router, the position and its PnL (in SY terms) as the clock moves, the PT
 * sold back, and what the protocol or the request gets wrong named before anything is signed.
 */
const { url } = testEnv();
const CHAIN = "base";
const DEV = 4;
const { owner, contracts, token } = devnetFixture(CHAIN, DEV);
let account: Address;

const balance = (tokenAddress: Address, who: Address) =>
  chainClient(CHAIN).readContract({
    address: tokenAddress,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });

const ptPosition = async () => {
  const r = await getJson(`${url}/v2/earn/positions?chain=${CHAIN}&owner=${owner}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.pendle_pt.find(
    (p: { market_address: string }) => p.market_address === contracts().PendleMarket_USDC,
  );
};

const manage = (venue: Record<string, unknown>, action: string, amount: string, extra = {}) =>
  postJson("/v2/earn/manage", { owner, chain: CHAIN, venue, action, amount, ...extra });

beforeAll(async () => {
  account = await fundedEarnAccount(DEV, CHAIN, owner, "1600");
});

describe("earn: Pendle PT", () => {
  test("default: pendle_markets lists the devnet's market, its implied APY computed from the market's own state", async () => {
    const r = await getJson(`${url}/v2/earn/pendle_markets?order_by=implied_apy&chain=${CHAIN}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const m = r.body.markets.find(
      (x: { market_address: string }) => x.market_address === contracts().PendleMarket_USDC,
    );
    expect(m).toMatchObject({
      chain: CHAIN,
      pt_address: contracts().PendlePT_USDC,
      sy_address: contracts().PendleSY_USDC,
      yt_address: contracts().PendleYT_USDC,
      underlying_asset: token("USDC"),
      underlying_symbol: "USDC",
      pt_symbol: "PT-dvUSDC-30DEC2027",
      expiry: 1_830_124_800,
    });
    // independently: ln(1 + implied rate) as the market stores it
    const state = await chainClient(CHAIN).readContract({
      address: contracts().PendleMarket_USDC!,
      abi: pendleMarketAbi,
      functionName: "readState",
      args: [contracts().PendleRouter!],
    });
    const apy = (Math.exp(Number(state.lastLnImpliedRate) / 1e18) - 1) * 100;
    expect(Number(m.implied_apy)).toBeCloseTo(apy, 3);
    // the market's SY and PT: more than the SY alone, less than SY plus PT at par
    const sy = Number(state.totalSy) / 1e6;
    expect(Number(m.tvl_usd)).toBeGreaterThan(sy);
    expect(Number(m.tvl_usd)).toBeLessThan(sy + Number(state.totalPt) / 1e6);

    const filtered = await getJson(`${url}/v2/earn/pendle_markets?order_by=tvl_usd&underlying_symbol=WETH`);
    expect(filtered.body.markets).toEqual([]);
    const bad = await getJson(`${url}/v2/earn/pendle_markets?order_by=name`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "order_by"]);
  });

  test("default: buy PT with USDC → the clock moves and the PT accretes → sell it all, PnL realised in SY terms", async () => {
    const market = contracts().PendleMarket_USDC!;
    const pt = contracts().PendlePT_USDC!;
    const usdc = await usdcBalance(CHAIN, account);
    const ptBefore = await balance(pt, account);
    const buy = await manage({ type: "PENDLE_PT", market_address: market }, "DEPOSIT", "500");
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, buy.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(usdc - 500_000_000n);
    const bought = (await balance(pt, account)) - ptBefore;
    // PT trades at a discount before expiry: more PT than USDC, not absurdly more
    expect(bought).toBeGreaterThan(500_000_000n);
    expect(bought).toBeLessThan(600_000_000n);
    // the router pulled exactly what the account approved
    const allowance = await chainClient(CHAIN).readContract({
      address: token("USDC"),
      abi: erc20Abi,
      functionName: "allowance",
      args: [account, contracts().PendleRouter!],
    });
    expect(allowance).toBe(0n);

    let p = await ptPosition();
    expect(p).toMatchObject({
      type: "PENDLE_PT",
      pt_address: pt,
      underlying_symbol: "USDC",
      underlying_address: token("USDC"),
      yield_token_address: contracts().PendleYT_USDC,
      expiry: 1_830_124_800,
    });
    expect(parseUnits(p.pt_balance, 6)).toBe(await balance(pt, account));
    expect(p.deposits.at(-1)).toMatchObject({
      input_amount: "500",
      input_symbol: "USDC",
      output_symbol: "PT-dvUSDC-30DEC2027",
    });
    expect(parseUnits(p.deposits.at(-1).output_amount, 6)).toBe(bought);
    expect(Number(p.implied_apy)).toBeGreaterThan(1);
    expect(Number(p.usd_value)).toBeGreaterThan(490);
    const rateThen = Number(p.current_pt_to_sy_rate);
    // the trade's fee and price impact: the PT is worth a little less than it cost right after the buy
    const pnlThen = Number(p.pnl.unrealized_pnl);
    expect(rateThen).toBeLessThan(1);

    await advanceDevnet(7 * 86_400);
    p = await ptPosition();
    // a week nearer expiry at the same implied rate: each PT is worth more SY
    expect(Number(p.current_pt_to_sy_rate)).toBeGreaterThan(rateThen);
    // …and a week of accretion at ~6 % a year on ~500 PT, less what the SY's own vault earned meanwhile
    // (PnL is in SY terms): a little more
    expect(Number(p.pnl.unrealized_pnl) - pnlThen).toBeGreaterThan(0);
    expect(Number(p.pnl.unrealized_pnl) - pnlThen).toBeLessThan(1.5);

    const held = await balance(pt, account);
    const usdcHeld = await usdcBalance(CHAIN, account);
    const quote = await getJson(
      `${url}/v2/earn/swap_quote?chain=${CHAIN}&token_in=WETH&sy_address=${contracts().PendleSY_USDC}&amount_in=100&token_out=USDC`,
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // the SY's PT redeems into USDC: the quote is of USDC, 1:1 into USDC
    expect(quote.body).toEqual({ amount_out: "100", token_in: token("USDC"), token_out: token("USDC") });
    const sell = await manage({ type: "PENDLE_PT", market_address: market }, "WITHDRAW", p.pt_balance);
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, sell.body.transaction);
    expect(await balance(pt, account)).toBe(0n);
    const proceeds = (await usdcBalance(CHAIN, account)) - usdcHeld;
    // before expiry a PT fetches less than par, but not much less a year out
    expect(proceeds).toBeLessThan(held);
    expect(proceeds).toBeGreaterThan((held * 9n) / 10n);
    p = await ptPosition();
    expect(p.pt_balance).toBe("0");
    const sale = p.withdrawals.at(-1);
    expect(parseUnits(sale.input_amount, 6)).toBe(held);
    expect(sale).toMatchObject({ input_symbol: "PT-dvUSDC-30DEC2027", output_symbol: "USDC" });
    expect(parseUnits(sale.output_amount, 6)).toBe(proceeds);
    expect(Number(sale.cost_per_unit)).toBeCloseTo(Number(proceeds) / Number(held), 6);
    // everything sold: the whole PnL is realised, the sum of the sales' (a stack kept from an earlier run has more)
    const realized = p.withdrawals.reduce(
      (sum: number, w: { realized_pnl: string }) => sum + Number(w.realized_pnl),
      0,
    );
    expect(Number(p.pnl.realized_pnl)).toBeCloseTo(realized, 5);
    expect(Number(p.pnl.unrealized_pnl)).toBe(0);
    expect(Number(p.pnl.current_value)).toBe(0);
  });

  test("default: a bundle buys PT and deposits into a vault in one transaction", async () => {
    const pt = contracts().PendlePT_USDC!;
    const vault = contracts().Erc4626VaultUSDC!;
    const [usdc, ptBefore, sharesBefore] = await Promise.all([
      usdcBalance(CHAIN, account),
      balance(pt, account),
      balance(vault, account),
    ]);
    const bundle = await postJson("/v2/earn/bundle", {
      owner,
      chain: CHAIN,
      actions: [
        {
          body: {
            action_type: "V2_MANAGE",
            action: "DEPOSIT",
            venue: { type: "PENDLE_PT", market_address: contracts().PendleMarket_USDC },
            amount: "40",
          },
        },
        {
          body: {
            action_type: "V2_MANAGE",
            action: "DEPOSIT",
            venue: { type: "VAULT", vault_address: vault },
            amount: "60",
          },
        },
      ],
    });
    expect(bundle.status, JSON.stringify(bundle.body)).toBe(200);
    expect(bundle.body.actions_count).toBe(4); // approve + swapExactTokenForPt, approve + deposit
    const receipt = await sendUnsigned(DEV, CHAIN, bundle.body.transaction);
    expect(receipt.status).toBe("success");
    expect(await usdcBalance(CHAIN, account)).toBe(usdc - 100_000_000n);
    expect(await balance(pt, account)).toBeGreaterThan(ptBefore + 40_000_000n);
    expect(await balance(vault, account)).toBeGreaterThan(sharesBefore);
    const p = await ptPosition();
    expect(p.deposits.at(-1)).toMatchObject({
      input_amount: "40",
      transaction_hash: receipt.transactionHash,
    });
  });

  test("behavior: a sponsored buy is the SafeTx for the relayer, simulated", async () => {
    const r = await manage(
      { type: "PENDLE_PT", market_address: contracts().PendleMarket_USDC },
      "DEPOSIT",
      "10",
      {
        gas_sponsorship: true,
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.transaction).toBeNull();
    expect(r.body.eip_712.primaryType).toBe("SafeTx");
    expect(r.body.eip_712.domain.verifyingContract.toLowerCase()).toBe(account.toLowerCase());
  });

  test("behavior: what the request or the market gets wrong is a 422 naming the field, before anything is signed", async () => {
    const market = contracts().PendleMarket_USDC!;
    const cases: [Record<string, unknown>, string, string, Record<string, unknown>, (string | number)[]][] = [
      [
        { type: "PENDLE_PT", market_address: token("USDC") },
        "DEPOSIT",
        "10",
        {},
        ["body", "venue", "market_address"],
      ],
      [
        { type: "PENDLE_PT", market_address: market, token: "WETH" },
        "DEPOSIT",
        "1",
        {},
        ["body", "venue", "token"],
      ],
      [
        { type: "PENDLE_PT", market_address: market, token: "WETH" },
        "WITHDRAW",
        "1",
        {},
        ["body", "venue", "token"],
      ],
      [{ type: "PENDLE_PT", market_address: market }, "WITHDRAW", "1000000", {}, ["body", "amount"]],
      [{ type: "PENDLE_PT", market_address: market }, "DEPOSIT", "1000000", {}, ["body", "amount"]],
      [
        { type: "PENDLE_PT", market_address: market, max_slippage_percent: 51 },
        "DEPOSIT",
        "1",
        {},
        ["body", "venue", "max_slippage_percent"],
      ],
      [
        { type: "PENDLE_PT", market_address: market },
        "DEPOSIT",
        "10",
        { fee: { recipient: owner, amount: 1 } },
        ["body", "fee"],
      ],
    ];
    for (const [venue, action, amount, extra, loc] of cases) {
      const r = await manage(venue, action, amount, extra);
      expect(r.status, `${JSON.stringify(venue)} ${action}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body.detail[0].loc).toEqual(loc);
    }
  });
});
