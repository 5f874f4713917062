import { addressBook, devnetFixture, sendUnsigned, testEnv } from "@compass/testkit/live";
import { parseEther } from "viem";
import { describe, expect, test } from "vitest";
import { CompassClient, ValidationError } from "../src/index.ts";

/** v1 through the TypeScript SDK: a wrap signed by a dev wallet (WETH on chain), a Morpho position read. */
const { url } = testEnv();
const CHAIN = "base";
const DEV = 6;
const { owner, token, balanceOf } = devnetFixture(CHAIN, DEV);
const ETH_DEV = 9;

describe("TypeScript SDK: v1 generic", () => {
  test("default: wrap_eth returns a transaction that wraps on chain", async () => {
    const client = new CompassClient({ serverURL: url });
    const before = await balanceOf(token("WETH"), owner);
    const r = await client.universal.wrapEth({ chain: CHAIN, sender: owner, amount: "0.25" });
    await sendUnsigned(DEV, CHAIN, r.transaction);
    expect(await balanceOf(token("WETH"), owner)).toBe(before + parseEther("0.25"));
  });

  test("default: a Morpho market position through the SDK is the route's answer", async () => {
    const client = new CompassClient({ serverURL: url });
    const { markets } = await client.morpho.markets({ chain: CHAIN, collateral_token: "WETH" });
    const pos = await client.morpho.marketPosition({
      chain: CHAIN,
      user_address: owner,
      unique_market_key: markets[0]!.uniqueKey,
    });
    expect(pos.borrow_amount).toBe("0");
    expect(pos.liquidation_loan_to_value_threshold).toBe("0.86");
  });

  test("default: a Pendle PT purchase through the SDK lands on chain; its quote is what arrives", async () => {
    const client = new CompassClient({ serverURL: url });
    const { markets } = await client.pendle.markets({ chain: CHAIN });
    const market = markets.find((m) => m.isPrime)!;
    const pt = market.pt.split("-")[1] as `0x${string}`;
    const approve = await client.universal.allowanceSet({
      chain: CHAIN,
      sender: owner,
      token: "USDC",
      contract: "PendleRouter",
      amount: "50",
    });
    await sendUnsigned(DEV, CHAIN, approve.transaction);
    const before = await balanceOf(pt, owner);
    const r = await client.pendle.pt({
      chain: CHAIN,
      sender: owner,
      market_address: market.address,
      action: "BUY",
      token: "USDC",
      amount_in: "50",
      max_slippage_percent: 0.5,
    });
    await sendUnsigned(DEV, CHAIN, r.transaction);
    const bought = Number((await balanceOf(pt, owner)) - before) / 1e6;
    expect(bought).toBeCloseTo(Number(r.amount_out_quote), 2);
    expect(bought).toBeGreaterThan(50);
  });

  test("default: USDS bought with USDC through the SDK arrives 1:1; sky.position reads sUSDS", async () => {
    const client = new CompassClient({ serverURL: url });
    const eth = devnetFixture("ethereum", ETH_DEV);
    const approve = await client.universal.allowanceSet({
      chain: "ethereum",
      sender: eth.owner,
      token: "USDC",
      contract: "SkyUsdcUsdsConverter",
      amount: "75",
    });
    await sendUnsigned(ETH_DEV, "ethereum", approve.transaction);
    const before = await eth.balanceOf(eth.token("USDS"), eth.owner);
    const r = await client.sky.buy({ chain: "ethereum", sender: eth.owner, token_in: "USDC", amount: "75" });
    await sendUnsigned(ETH_DEV, "ethereum", r.transaction);
    expect(await eth.balanceOf(eth.token("USDS"), eth.owner)).toBe(before + parseEther("75"));
    const position = await client.sky.position({ user_address: eth.owner });
    expect(position.usds_value_of_deposits).toBe("0");
  });

  test("default: an Odos swap through the SDK lands on chain", async () => {
    const client = new CompassClient({ serverURL: url });
    const router = (await (await fetch(`${addressBook().twins.odos!.url}/info/router/v2/8453`)).json())
      .address;
    const approve = await client.universal.allowanceSet({
      chain: CHAIN,
      sender: owner,
      token: "USDC",
      contract: router,
      amount: "20",
    });
    await sendUnsigned(DEV, CHAIN, approve.transaction);
    const before = await balanceOf(token("WETH"), owner);
    const r = await client.swap.odos({
      chain: CHAIN,
      sender: owner,
      token_in: "USDC",
      token_out: "WETH",
      amount: "20",
      max_slippage_percent: 1,
    });
    await sendUnsigned(DEV, CHAIN, r.transaction);
    const got = (await balanceOf(token("WETH"), owner)) - before;
    expect(Number(got) / 1e18).toBeCloseTo(Number(r.amount_out_quote), 5);
  });

  test("default: aerodromeSlipstream.poolPrice and positions through the SDK", async () => {
    const client = new CompassClient({ serverURL: url });
    const price = await client.aerodromeSlipstream.poolPrice({
      token_in: "USDC",
      token_out: "WETH",
      tick_spacing: 100,
    });
    expect(Number(price.price)).toBeGreaterThan(100);
    const none = await client.aerodromeSlipstream.liquidityProvisionPositions({ user: owner });
    expect(none.positions).toEqual({});
  });

  test("behavior: an unknown token is a ValidationError on the field", async () => {
    const client = new CompassClient({ serverURL: url });
    const error = await client.token.price({ chain: CHAIN, token: "NOPE" }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.detail[0].loc).toEqual(["query", "token"]);
  });
});
