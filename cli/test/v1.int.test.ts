import { addressBook, getJson, postJson, testEnv } from "@compass/testkit/live";
import { describe, expect, test } from "vitest";
import { compass } from "./shell.ts";

/** `compass vaults …`, `compass generic …` and `compass token …` against the live stack, as a shell user sees them. */
const { url } = testEnv();
const user = addressBook().accounts.dev[1]!.address;

describe("compass v1 groups from the shell", () => {
  test("default: vaults vault, generic portfolio and token price print what the routes answer", async () => {
    const vault = addressBook().chains.ethereum!.contracts.Erc4626VaultUSDC!;
    const v = await compass("vaults", "vault", "-c", "ethereum", "-v", vault, "-u", user, "-o", "json");
    expect(v.code, v.stderr).toBe(0);
    const http = await getJson(
      `${url}/v1/vaults/vault?chain=ethereum&vault_address=${vault}&user_address=${user}`,
    );
    expect(JSON.parse(v.stdout).total_supply).toBe(http.body.total_supply);
    const p = await compass("generic", "portfolio", "-c", "base", "-u", user, "-o", "json");
    expect(p.code, p.stderr).toBe(0);
    expect(JSON.parse(p.stdout).token_balances.map((t: any) => t.token_symbol)).toEqual(
      (await getJson(`${url}/v1/generic/portfolio?chain=base&user=${user}`)).body.token_balances.map(
        (t: any) => t.token_symbol,
      ),
    );
    const price = await compass("token", "price", "-c", "base", "-t", "WETH", "-o", "json");
    expect(price.code, price.stderr).toBe(0);
    expect(Number(JSON.parse(price.stdout).price)).toBeGreaterThan(100);
  });

  test("default: compass uniswap quotes and the pool price print what the routes answer", async () => {
    const q = await compass(
      "uniswap",
      "quote-sell-exactly",
      "-c",
      "base",
      "--token-in",
      "USDC",
      "--token-out",
      "WETH",
      "--fee",
      "0.05",
      "--amount-in",
      "500",
      "-o",
      "json",
    );
    expect(q.code, q.stderr).toBe(0);
    const http = await getJson(
      `${url}/v1/uniswap/quote/sell_exactly?chain=base&token_in=USDC&token_out=WETH&fee=0.05&amount_in=500`,
    );
    expect(JSON.parse(q.stdout)).toEqual(http.body);
    const none = await compass(
      "uniswap",
      "pool-price",
      "-c",
      "base",
      "--token-in",
      "USDC",
      "--token-out",
      "WETH",
      "--fee",
      "1.0",
    );
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/no USDC\/WETH pool/);
  });

  test("default: compass morpho markets and market-position print what the routes answer", async () => {
    const m = await compass("morpho", "markets", "-c", "base", "--collateral-token", "WETH", "-o", "json");
    expect(m.code, m.stderr).toBe(0);
    const [market] = JSON.parse(m.stdout).markets;
    expect(market.collateralAsset.symbol).toBe("WETH");
    const p = await compass(
      "morpho",
      "market-position",
      "-c",
      "base",
      "-u",
      user,
      "--unique-market-key",
      market.uniqueKey,
      "-o",
      "json",
    );
    expect(p.code, p.stderr).toBe(0);
    const http = await getJson(
      `${url}/v1/morpho/market_position?chain=base&user_address=${user}&unique_market_key=${market.uniqueKey}`,
    );
    expect(JSON.parse(p.stdout)).toEqual(http.body);
  });

  test("default: compass pendle markets and market print what the routes answer", async () => {
    const m = await compass("pendle", "markets", "-c", "base", "-o", "json");
    expect(m.code, m.stderr).toBe(0);
    const market = addressBook().chains.base!.contracts.PendleMarket_USDC!;
    expect(JSON.parse(m.stdout).markets.map((x: any) => x.address)).toContain(market);
    const r = await compass("pendle", "market", "-c", "base", "-m", market, "-u", user, "-o", "json");
    expect(r.code, r.stderr).toBe(0);
    const http = await getJson(
      `${url}/v1/pendle/market?chain=base&market_address=${market}&user_address=${user}`,
    );
    expect(JSON.parse(r.stdout).tokens).toEqual(http.body.tokens);
    expect(JSON.parse(r.stdout).user_position.pt_balance).toBe(http.body.user_position.pt_balance);
  });

  test("default: compass aerodrome-slipstream pool-price prints what the route answers", async () => {
    const r = await compass("aerodrome-slipstream", "pool-price", "--tick-spacing", "100", "-o", "json");
    expect(r.code, r.stderr).toBe(0);
    const http = await getJson(`${url}/v1/aerodrome_slipstream/pool_price?tick_spacing=100`);
    expect(JSON.parse(r.stdout).tick).toBe(http.body.tick);
  });

  test("default: compass generic ens resolves a name to its owner's address", async () => {
    const r = await compass("generic", "ens", "-n", "bob.eth", "-o", "json");
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).wallet_address).toBe(addressBook().accounts.dev[2]!.address);
    const missing = await compass("generic", "ens", "-n", "nobody-here.eth");
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/nobody-here\.eth/);
  });

  test("default: compass sky position and ethena vault print what the routes answer", async () => {
    const p = await compass("sky", "position", "-u", user, "-o", "json");
    expect(p.code, p.stderr).toBe(0);
    expect(JSON.parse(p.stdout)).toEqual((await getJson(`${url}/v1/sky/position?user_address=${user}`)).body);
    const v = await compass("ethena", "vault", "-u", user, "-o", "json");
    expect(v.code, v.stderr).toBe(0);
    const http = (await getJson(`${url}/v1/ethena/vault?user_address=${user}`)).body;
    expect(JSON.parse(v.stdout).cooldown_duration_days).toBe(http.cooldown_duration_days);
    expect(JSON.parse(v.stdout).underlying_token).toEqual(http.underlying_token);
  });

  test("behavior: a write the sender cannot fund exits non-zero naming the field", async () => {
    const r = await compass(
      "generic",
      "wrap-eth",
      "--chain",
      "base",
      "--sender",
      user,
      "--amount",
      "99999999",
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/amount/);
    expect(r.stderr).toMatch(/holds/);
  });

  test("default: compass transaction-bundler and smart-account build batches from the shell", async () => {
    const base = addressBook().chains.base!;
    const auth = await compass(
      "transaction-bundler",
      "authorization",
      "-c",
      "base",
      "--sender",
      user,
      "-o",
      "json",
    );
    expect(auth.code, auth.stderr).toBe(0);
    expect(JSON.parse(auth.stdout)).toMatchObject({
      address: base.contracts.Simple7702Account,
      chainId: base.chainId,
    });
    const operations = JSON.stringify([
      { body: { action_type: "WRAP_ETH", amount: "0.1" } },
      { body: { action_type: "UNWRAP_WETH", amount: "0.1" } },
    ]);
    const ops = await compass(
      "smart-account",
      "batched-user-operations",
      "-c",
      "base",
      "--sender",
      user,
      "--operations",
      operations,
      "-o",
      "json",
    );
    expect(ops.code, ops.stderr).toBe(0);
    const http = await postJson("/v1/smart_account/batched_user_operations", {
      chain: "base",
      sender: user,
      operations: JSON.parse(operations),
    });
    // the same answer, simulated a moment apart: the simulated block's time may differ by the second between them
    const untimed = (b: any) => ({
      ...b,
      simulation: { ...b.simulation, block_timestamp: 0, block_number: 0 },
    });
    expect(untimed(JSON.parse(ops.stdout))).toEqual(untimed(http.body));
    expect(http.body.simulation).toMatchObject({ chain: "base", transactions: 1 });
    const refused = await compass(
      "transaction-bundler",
      "execute",
      "-c",
      "base",
      "--sender",
      user,
      "--actions",
      operations,
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/signed_authorization/);
  });
});
