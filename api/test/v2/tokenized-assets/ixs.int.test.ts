import { ixsVaultAbi, USDC } from "@compass/constants";
import {
  addressBook,
  advanceDevnet,
  chainClient,
  freshWallet,
  getJson,
  postJson,
  sendAsRole,
  testEnv,
} from "@compass/testkit/live";
import { sendReturned } from "@compass/testkit/wallet";
import { type Address, erc20Abi, formatUnits, parseAbi, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

// The IXS managed vault `ixv1` on bsc, end to end through the API: listed and priced from the vault's NAV, an
// instant deposit, a redemption request listed pending, finalised by the vault's manager (the ixs twin) after its
// processing delay on devnet time, and the USDC it paid in the account.
const chain = "bsc";
const usdc = USDC.bsc!;
const client = chainClient(chain);
const get = (path: string) => getJson(`${testEnv().url}${path}`);
const vault = () => addressBook().tokens!.bsc!.ixv1!.address as Address;
const balance = (token: Address, who: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const pegAbi = parseAbi(["function mint(uint256 amount) returns (bool)"]);

let wallet: Awaited<ReturnType<typeof freshWallet>>;
let owner: Address;
let account: Address;

beforeAll(async () => {
  wallet = await freshWallet(chain);
  owner = wallet.account.address;
  // USDC on bsc is Binance's peg: its owner mints to itself, then pays out
  const amount = parseUnits("1000", usdc.decimals);
  await sendAsRole(chain, "usdc_admin", {
    address: usdc.address,
    abi: pegAbi,
    functionName: "mint",
    args: [amount],
  });
  await sendAsRole(chain, "usdc_admin", {
    address: usdc.address,
    abi: erc20Abi,
    functionName: "transfer",
    args: [owner, amount],
  });
  const created = await postJson("/v2/tokenized_assets/create_account", { chain, sender: owner, owner });
  expect(created.status).toBe(200);
  account = created.body.tokenized_assets_account_address;
  await sendReturned(wallet, created.body.transaction);
  const deposit = await postJson("/v2/tokenized_assets/transfer", {
    owner,
    chain,
    token: "USDC",
    amount: "600",
    action: "DEPOSIT",
  });
  expect(deposit.status).toBe(200);
  await sendReturned(wallet, deposit.body.transaction);
  expect(await balance(usdc.address, account)).toBe(parseUnits("600", usdc.decimals));
});

describe("IXS managed vault on bsc", () => {
  test("listed by its handle, priced at the vault's NAV per share, with the accrual as APY and candles", async () => {
    const list = await get("/v2/tokenized_assets/markets?chain=bsc");
    expect(list.status).toBe(200);
    const item = list.body.markets.find((m: any) => m.symbol === "ixv1");
    expect(item).toMatchObject({
      provider: "ixs",
      asset_class: "MANAGED_VAULT",
      chain: "bsc",
      contract_address: vault(),
      decimals: 18,
      status: { is_open: true, state: "OPEN" },
    });
    const nav = await client.readContract({
      address: vault(),
      abi: ixsVaultAbi,
      functionName: "navPerShare",
    });
    expect(Number(item.current_price_usd)).toBeCloseTo(Number(formatUnits(nav, 18)), 4);
    // 6.5 % a year of the 2024 NAV, simple interest: a little less of today's (a fraction, not a percent)
    expect(Number(item.apy_7d)).toBeGreaterThan(0.045);
    expect(Number(item.apy_7d)).toBeLessThan(0.065);
    const supply = await client.readContract({
      address: vault(),
      abi: ixsVaultAbi,
      functionName: "totalSupply",
    });
    expect(Number(item.tvl_usd)).toBeCloseTo(Number(formatUnits((supply * nav) / 10n ** 18n, 18)), -1);

    const detail = await get("/v2/tokenized_assets/markets/ixv1?chain=bsc&interval=1hour&range=1day");
    expect(detail.status).toBe(200);
    expect(detail.body.candles.length).toBeGreaterThanOrEqual(24);
    expect(detail.body.volume_24h).toBeNull();
    expect(
      (await get("/v2/tokenized_assets/markets?provider=ixs")).body.markets.map((m: any) => m.symbol),
    ).toEqual(["ixv1"]);
  });

  test("buy is an instant deposit; sell files a redemption request the manager finalises after its delay", async () => {
    const buy = await postJson("/v2/tokenized_assets/transact/buy", {
      owner,
      chain,
      token_in: "USDC",
      token_out: vault(),
      amount_in: "400",
    });
    expect(buy.status).toBe(200);
    expect(buy.body).toMatchObject({ settlement: "instant", poll_endpoint: null, fee_amount: null });
    await sendReturned(wallet, buy.body.transaction);
    const shares = await balance(vault(), account);
    expect(Number(formatUnits(shares, 18))).toBeCloseTo(Number(buy.body.estimated_amount_out), 3);
    expect(await balance(usdc.address, account)).toBe(parseUnits("200", usdc.decimals));

    const positions = await get(`/v2/tokenized_assets/positions?owner=${owner}&chain=bsc`);
    expect(positions.status).toBe(200);
    const position = positions.body.positions.find((p: any) => p.symbol === "ixv1");
    expect(position.balance).toBe(formatUnits(shares, 18));
    expect(Number(position.balance_usd)).toBeCloseTo(400, 0);
    expect(position.events[0]).toMatchObject({
      event_type: "buy",
      input_symbol: "USDC",
      input_amount: "400",
    });

    const sell = await postJson("/v2/tokenized_assets/transact/sell", {
      owner,
      chain,
      token_in: "ixv1",
      token_out: "USDC",
      amount_in: formatUnits(shares, 18),
    });
    expect(sell.status).toBe(200);
    expect(sell.body).toMatchObject({
      settlement: "async",
      poll_endpoint: "/v2/tokenized_assets/redemptions",
    });
    const filed = await sendReturned(wallet, sell.body.transaction);
    expect(await balance(vault(), account)).toBe(0n);

    const pending = await get(`/v2/tokenized_assets/redemptions?owner=${owner}&chain=bsc&vault=ixv1`);
    expect(pending.status).toBe(200);
    expect(pending.body.redemptions).toHaveLength(1);
    const request = pending.body.redemptions[0];
    expect(request).toMatchObject({
      status: "pending",
      kind: "redemption",
      vault: "ixv1",
      shares: formatUnits(shares, 18),
      processed_at: null,
      transaction_hash: filed.transactionHash,
      settlement_transaction_hash: null,
    });
    // the exit fee (0.25 %) comes off: a little under 400
    expect(Number(request.expected_net_assets)).toBeGreaterThan(398);
    expect(Number(request.expected_net_assets)).toBeLessThan(400);

    await advanceDevnet(86_400 + 60);
    const settled = await get(`/v2/tokenized_assets/redemptions?owner=${owner}&chain=bsc&vault=${vault()}`);
    const done = settled.body.redemptions[0];
    expect(done).toMatchObject({ status: "finalized", expected_net_assets: null });
    expect(done.processed_at).toBeGreaterThan(request.requested_at);
    expect(done.settlement_transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // the USDC the manager paid is in the account, to the wei
    expect(await balance(usdc.address, account)).toBe(
      parseUnits("200", usdc.decimals) + parseUnits(done.usdc_amount, usdc.decimals),
    );
  }, 120_000);

  test("errors: below the minimum deposit, a fee on a redemption, more than the account holds, an unknown vault", async () => {
    const small = await postJson("/v2/tokenized_assets/transact/buy", {
      owner,
      chain,
      token_in: "USDC",
      token_out: "ixv1",
      amount_in: "1",
    });
    expect(small).toMatchObject({ status: 422, body: { error: "Amount too small" } });
    expect(small.body.message).toMatch(/^amount_in: .*at least 10 USDC/);
    const fee = await postJson("/v2/tokenized_assets/transact/sell", {
      owner,
      chain,
      token_in: "ixv1",
      token_out: "USDC",
      amount_in: "1",
      fee: { recipient: owner, amount: "1" },
    });
    expect(fee).toMatchObject({ status: 422, body: { error: "Fee not supported" } });
    const much = await postJson("/v2/tokenized_assets/transact/buy", {
      owner,
      chain,
      token_in: "USDC",
      token_out: "ixv1",
      amount_in: "100000",
    });
    expect(much).toMatchObject({ status: 422, body: { error: "Insufficient balance" } });
    const unknown = await get(`/v2/tokenized_assets/redemptions?owner=${owner}&chain=bsc&vault=ixv9`);
    expect(unknown).toMatchObject({ status: 422, body: { error: "Unknown vault" } });
    expect(unknown.body.message).toContain("ixv1");
  });
});
