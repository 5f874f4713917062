import { aaveOracleAbi } from "@compass/constants";
import {
  addressBook,
  approveAs,
  chainClient,
  devnetFixture,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { type Address, erc20Abi, formatUnits, namehash, parseAbi, parseEther, parseUnits } from "viem";
import { describe, expect, test } from "vitest";

/**
 * The v1 generic and token groups on arbitrum's devnet: every write signed by a dev wallet and its effect read on
 * chain; the reads checked against the chain's own views (balances, allowances, the price oracle at a block).
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const DEV = 4;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const other = () => addressBook().accounts.dev[5]!.address as Address;
const client = () => chainClient(CHAIN);
const write = (path: string, body: Record<string, unknown>) =>
  postJson(`/v1/${path}`, { chain: CHAIN, sender: owner, ...body });
const oraclePrice = (asset: Address, blockNumber?: bigint) =>
  client().readContract({
    address: contracts().AaveOracle!,
    abi: aaveOracleAbi,
    functionName: "getAssetPrice",
    args: [asset],
    blockNumber,
  });

describe("v1 generic and token", () => {
  test("default: wrap and unwrap ETH through WETH9, balances on chain", async () => {
    const weth = token("WETH");
    const before = await balanceOf(weth, owner);
    const wrap = await write("generic/wrap_eth", { amount: "0.5" });
    expect(wrap.status, JSON.stringify(wrap.body)).toBe(200);
    expect(wrap.body.transaction.value).toBe(`0x${parseEther("0.5").toString(16)}`);
    await sendUnsigned(DEV, CHAIN, wrap.body.transaction);
    expect(await balanceOf(weth, owner)).toBe(before + parseEther("0.5"));

    const eth = await client().getBalance({ address: owner });
    const unwrap = await write("generic/unwrap_weth", { amount: "0.2" });
    expect(unwrap.status, JSON.stringify(unwrap.body)).toBe(200);
    const receipt = await sendUnsigned(DEV, CHAIN, unwrap.body.transaction);
    expect(await balanceOf(weth, owner)).toBe(before + parseEther("0.3"));
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await client().getBalance({ address: owner })).toBe(eth + parseEther("0.2") - gas);

    const tooMuch = await write("generic/unwrap_weth", { amount: "100000" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail[0].loc).toEqual(["body", "amount"]);
  });

  test("default: an allowance set by protocol name, read back by name and on chain, then revoked", async () => {
    const pool = contracts().AavePool!;
    const set = await write("generic/allowance/set", {
      token: "USDC",
      contract: "AaveV3Pool",
      amount: "123.45",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.transaction.to).toBe(token("USDC"));
    await sendUnsigned(DEV, CHAIN, set.body.transaction);
    const onChain = () =>
      client().readContract({
        address: token("USDC"),
        abi: erc20Abi,
        functionName: "allowance",
        args: [owner, pool],
      });
    expect(await onChain()).toBe(parseUnits("123.45", 6));
    const read = await getJson(
      `${url}/v1/generic/allowance?chain=${CHAIN}&user=${owner}&token=USDC&contract=AaveV3Pool`,
    );
    expect(read.body).toEqual({
      amount: "123.45",
      decimals: 6,
      token_symbol: "USDC",
      token_address: token("USDC"),
      contract_address: pool,
    });
    // the same spender by address
    const byAddress = await getJson(
      `${url}/v1/generic/allowance?chain=${CHAIN}&user=${owner}&contract=${pool}`,
    );
    expect(byAddress.body.amount).toBe("123.45");

    const revoke = await write("generic/allowance/set", { token: "USDC", contract: pool, amount: "0" });
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, revoke.body.transaction);
    expect(await onChain()).toBe(0n);

    // a protocol this deployment does not run: named, with what it does run
    const sky = await write("generic/allowance/set", {
      token: "USDC",
      contract: "SkyUsdsVault",
      amount: "1",
    });
    expect(sky.status).toBe(422);
    expect(sky.body.detail[0]).toMatchObject({
      loc: ["body", "contract"],
      msg: expect.stringMatching(/not deployed.*AaveV3Pool/),
    });
  });

  test("default: token transfers, ERC-20 and the native coin, land with the recipient", async () => {
    const usdc = token("USDC");
    const [mine, theirs] = [await balanceOf(usdc, owner), await balanceOf(usdc, other())];
    const t = await write("token/transfer", { to: other(), token: "USDC", amount: "10.5" });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, t.body.transaction);
    expect(await balanceOf(usdc, owner)).toBe(mine - parseUnits("10.5", 6));
    expect(await balanceOf(usdc, other())).toBe(theirs + parseUnits("10.5", 6));

    const ethBefore = await client().getBalance({ address: other() });
    const e = await write("token/transfer", { to: other(), token: "ETH", amount: "0.01" });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, e.body.transaction);
    expect(await client().getBalance({ address: other() })).toBe(ethBefore + parseEther("0.01"));

    const broke = await write("token/transfer", { to: other(), token: "USDC", amount: "999999999" });
    expect(broke.status).toBe(422);
    expect(broke.body.detail[0].msg).toMatch(/holds/);
  });

  test("default: the portfolio is the wallet's balances at the oracle's prices, and adds up", async () => {
    const r = await getJson(`${url}/v1/generic/portfolio?chain=${CHAIN}&user=${owner}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const bySymbol = Object.fromEntries(r.body.token_balances.map((b: any) => [b.token_symbol, b]));
    expect(bySymbol.USDC.amount).toBe(formatUnits(await balanceOf(token("USDC"), owner), 6));
    expect(bySymbol.WETH.amount).toBe(formatUnits(await balanceOf(token("WETH"), owner), 18));
    expect(Number(bySymbol.ETH.price)).toBeCloseTo(Number(await oraclePrice(token("WETH"))) / 1e8, 6);
    const sum = r.body.token_balances.reduce((s: number, b: any) => s + Number(b.token_value_in_usd), 0);
    expect(Number(r.body.total_value_in_usd)).toBeCloseTo(sum, 0);
    for (const b of r.body.token_balances)
      expect(Number(b.token_value_in_usd)).toBeCloseTo(Number(b.amount) * Number(b.price), 0);
  });

  test("default: a token's price at a block is the oracle's then", async () => {
    const head = await client().getBlockNumber();
    const at = head - 3n;
    const r = await getJson(`${url}/v1/token/price?chain=${CHAIN}&token=WETH&block=${at}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Number(r.body.price)).toBe(Number(await oraclePrice(token("WETH"), at)) / 1e8);
    const early = await getJson(`${url}/v1/token/price?chain=${CHAIN}&token=WETH&block=1`);
    expect(early.status).toBe(422);
    expect(early.body.detail[0]).toMatchObject({
      loc: ["query", "block"],
      msg: expect.stringMatching(/did not exist/),
    });
    const unknown = await getJson(`${url}/v1/token/price?chain=${CHAIN}&token=NOPE`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(["query", "token"]);
  });

  test("default: supported chains by protocol, from what is deployed", async () => {
    const all = await getJson(`${url}/v1/generic/supported_chains`);
    expect(all.body.chains).toEqual(["arbitrum", "base", "ethereum"]);
    expect((await getJson(`${url}/v1/generic/supported_chains?protocol=morpho`)).body.chains).toContain(
      "base",
    );
    expect((await getJson(`${url}/v1/generic/supported_chains?protocol=aerodrome`)).body.chains).toEqual([
      "base",
    ]);
    expect((await getJson(`${url}/v1/generic/supported_chains?protocol=sky`)).body.chains).toEqual([
      "ethereum",
    ]);
    const bad = await getJson(`${url}/v1/generic/supported_chains?protocol=compound`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "protocol"]);
  });

  test("default: an ENS name resolves as the registry and its resolver say; unknown and invalid names are refused", async () => {
    const r = await getJson(`${url}/v1/generic/ens`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const eth = chainClient("ethereum");
    const registry = addressBook().chains.ethereum!.contracts.EnsRegistry!;
    const node = namehash("vitalik.eth");
    const ensAbi = parseAbi([
      "function resolver(bytes32) view returns (address)",
      "function owner(bytes32) view returns (address)",
      "function addr(bytes32) view returns (address)",
    ]);
    const resolver = await eth.readContract({
      address: registry,
      abi: ensAbi,
      functionName: "resolver",
      args: [node],
    });
    const addr = await eth.readContract({
      address: resolver,
      abi: ensAbi,
      functionName: "addr",
      args: [node],
    });
    const holder = await eth.readContract({
      address: registry,
      abi: ensAbi,
      functionName: "owner",
      args: [node],
    });
    expect(r.body).toEqual({ wallet_address: addr, registrant: holder });
    expect(addr).toBe(addressBook().accounts.dev[0]!.address);
    // case and unicode normalise (ENSIP-15) to the same name
    const upper = await getJson(`${url}/v1/generic/ens?ens_name=Alice.ETH`);
    expect(upper.body.wallet_address).toBe(addressBook().accounts.dev[1]!.address);
    const unknown = await getJson(`${url}/v1/generic/ens?ens_name=nobody-here.eth`);
    expect(unknown.status).toBe(404);
    const invalid = await getJson(`${url}/v1/generic/ens?ens_name=${encodeURIComponent("bad name!.eth")}`);
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0].loc).toEqual(["query", "ens_name"]);
  });

  test("default: the portfolio lists every position the wallet opens, each valued, the total their sum", async () => {
    const c = contracts();
    const send = async (path: string, body: Record<string, unknown>) => {
      const r = await write(path, body);
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
      await sendUnsigned(DEV, CHAIN, r.body.transaction);
    };
    await approveAs(DEV, CHAIN, token("USDC"), c.Erc4626VaultUSDC!);
    await approveAs(DEV, CHAIN, token("USDC"), c.AavePool!);
    await approveAs(DEV, CHAIN, token("USDC"), c.PendleRouter!);
    await send("vaults/deposit", { vault_address: c.Erc4626VaultUSDC, amount: "100" });
    await send("aave/supply", { token: "USDC", amount: "200" });
    await send("aave/borrow", { token: "USDT", amount: "20", interest_rate_mode: "variable" });
    await send("pendle/pt", {
      market_address: c.PendleMarket_USDC,
      action: "BUY",
      token: "USDC",
      amount_in: "50",
      max_slippage_percent: 1,
    });
    const r = await getJson(`${url}/v1/generic/portfolio?chain=${CHAIN}&user=${owner}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const by = (address: string) => r.body.token_balances.find((t: any) => t.token_address === address);
    const vault = by(c.Erc4626VaultUSDC!);
    const aToken = by(c.AaveAToken_USDC!);
    const debt = by(c.AaveVariableDebtToken_USDT!);
    const pt = by(c.PendlePT_USDC!);
    for (const [name, row] of Object.entries({ vault, aToken, debt, pt })) expect(row, name).toBeDefined();
    // each valued at what it is worth in the underlying (here USD stablecoins at about $1)
    expect(Number(vault.token_value_in_usd)).toBeGreaterThan(99);
    expect(Number(aToken.token_value_in_usd)).toBeGreaterThanOrEqual(199.99);
    expect(Number(debt.token_value_in_usd)).toBeLessThanOrEqual(-19.99);
    expect(debt.amount.startsWith("-")).toBe(true);
    expect(Number(pt.token_value_in_usd)).toBeGreaterThan(49);
    expect(Number(pt.token_value_in_usd)).toBeLessThan(50.5);
    // the balances are the chain's
    expect(vault.amount).toBe(formatUnits(await balanceOf(c.Erc4626VaultUSDC!, owner), vault.decimals));
    expect(pt.amount).toBe(formatUnits(await balanceOf(c.PendlePT_USDC!, owner), 6));
    const total = r.body.token_balances.reduce(
      (sum: number, t: any) => sum + Number(t.token_value_in_usd),
      0,
    );
    expect(Number(r.body.total_value_in_usd)).toBeCloseTo(total, 1);
  });
});
