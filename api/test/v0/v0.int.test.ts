import {
  chainClient,
  devnetFixture,
  freshWallet,
  getJson,
  postJson,
  sendBundle,
  testEnv,
} from "@compass/testkit/live";
import { parseEther } from "viem";
import { describe, expect, test } from "vitest";

/**
 * The frozen v0 surface against the live stack: v0's shapes (POST reads ending in /get, `base:mainnet` chains, the
 * bare transaction with integer fields), answered by the v1 operations' own functions — the same numbers as v1 —
 * with Deprecation and Sunset headers, and writes that land on chain.
 */
const { url } = testEnv();
const { token, balanceOf, contracts } = devnetFixture("base", 0);

const v0 = async (path: string, body: unknown) => {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
};

describe("v0 (frozen)", () => {
  test("default: a wrap and a native transfer answer v0's bare transaction with integers, and land on chain", async () => {
    const wallet = await freshWallet("base", "3");
    const sender = wallet.account.address;
    const wrap = await v0("/v0/generic/wrap_eth", { chain: "base:mainnet", sender, amount: 0.25 });
    expect(wrap.status, wrap.text).toBe(200);
    expect(wrap.headers.get("deprecation")).toMatch(/^@\d+$/);
    expect(new Date(wrap.headers.get("sunset")!).getTime()).toBeGreaterThan(Date.now());
    expect(wrap.headers.get("link")).toMatch(/rel="successor-version"/);
    // no {transaction} wrapper; numbers as JSON integers (wei beyond 2^53 written exactly)
    expect(wrap.body).toMatchObject({ from: sender, to: token("WETH"), chainId: 8453 });
    for (const f of ["gas", "nonce", "maxFeePerGas", "maxPriorityFeePerGas", "value"])
      expect(typeof wrap.body[f], f).toBe("number");
    expect(wrap.text).toContain('"value":250000000000000000');
    await sendBundle(wallet, wrap.body);
    expect(await balanceOf(token("WETH"), sender)).toBe(parseEther("0.25"));

    const friend = (await freshWallet("base", "0")).account.address;
    const send = await v0("/v0/generic/transfer/native_token", {
      chain: "base:mainnet",
      sender,
      to: friend,
      amount: "0.5",
    });
    expect(send.status, send.text).toBe(200);
    await sendBundle(wallet, send.body);
    expect(await chainClient("base").getBalance({ address: friend })).toBe(parseEther("0.5"));
  });

  test("default: v0 reads answer in v0's shape what v1 answers", async () => {
    const user = (await freshWallet("base", "1")).account.address;
    const balance = await v0("/v0/generic/balance/get", { chain: "base:mainnet", user, token: "USDC" });
    expect(balance.status, balance.text).toBe(200);
    expect(balance.body).toEqual({
      amount: "0",
      decimals: 6,
      token_symbol: "USDC",
      token_address: token("USDC"),
    });
    const price = await v0("/v0/generic/price/usd/get", { chain: "base:mainnet", token: "WETH" });
    const v1Price = await getJson(`${url}/v1/token/price?chain=base&token=WETH`);
    expect(price.body).toEqual({ token_price_in_usd: v1Price.body.price });
    const address = await v0("/v0/token/address/get", { chain: "base:mainnet", token: "WETH" });
    expect(address.body).toEqual({ address: token("WETH") });
    const tokens = await v0("/v0/generic/supported_tokens/get", { chain: "base:mainnet" });
    expect(tokens.body.tokens).toEqual(expect.arrayContaining(["USDC", "WETH"]));
    const allowance = await v0("/v0/generic/allowance/get", {
      chain: "base:mainnet",
      user,
      token: "USDC",
      contract_name: "UniswapV3Router",
    });
    expect(allowance.status, allowance.text).toBe(200);
    expect(allowance.body).toMatchObject({ amount: "0", contract_address: contracts().UniswapV3SwapRouter });
    const portfolio = await v0("/v0/generic/portfolio/get", { chain: "base:mainnet", user });
    expect(portfolio.status, portfolio.text).toBe(200);
    expect(portfolio.body.total_value_in_usd).toBe("0.00");
    const image = await v0("/v0/generic/visualize_portfolio/get", { chain: "base:mainnet", user });
    expect(Buffer.from(image.body.image, "base64").toString()).toMatch(/^<svg /);
    const ens = await v0("/v0/generic/ens/get", { chain: "ethereum:mainnet", ens_name: "vitalik.eth" });
    const v1Ens = await getJson(`${url}/v1/generic/ens?chain=ethereum&ens_name=vitalik.eth`);
    expect(ens.body).toEqual(v1Ens.body);
  });

  test("behavior: v1's chain names and v1's shapes are refused as v0 refused them; the document is served", async () => {
    const r = await postJson("/v0/generic/price/usd/get", { chain: "base", token: "WETH" });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "chain"]);
    const get = await getJson(`${url}/v0/generic/price/usd/get`);
    expect(get.status).toBe(405);
    const doc = await getJson(`${url}/v0/openapi.json`);
    expect(doc.status).toBe(200);
    expect(doc.body.paths["/v0/generic/wrap_eth"].post.operationId).toBe("generic_wrap_eth");
  });

  test("default: wrap, approve, swap on Uniswap and supply to Aave — each a v0 write, asserted on chain", async () => {
    const wallet = await freshWallet("base", "3");
    const sender = wallet.account.address;
    const chain = "base:mainnet";
    const ok = async (path: string, body: object) => {
      const r = await v0(path, { chain, ...body });
      expect(r.status, `${path}: ${r.text}`).toBe(200);
      return r.body;
    };
    await sendBundle(wallet, await ok("/v0/generic/wrap_eth", { sender, amount: 1 }));
    await sendBundle(
      wallet,
      await ok("/v0/generic/allowance/set", {
        sender,
        token: "WETH",
        contract_name: "UniswapV3Router",
        amount: 1,
      }),
    );
    const quote = await ok("/v0/uniswap/quote/sell_exactly/get", {
      token_in: "WETH",
      token_out: "USDC",
      fee: "0.05",
      amount_in: 1,
    });
    const v1Quote = await getJson(
      `${url}/v1/uniswap/quote/sell_exactly?chain=base&token_in=WETH&token_out=USDC&fee=0.05&amount_in=1`,
    );
    expect(quote.amount_out).toBe(v1Quote.body.amount_out);
    const minimum = (Number(quote.amount_out) * 0.99).toFixed(6);
    await sendBundle(
      wallet,
      await ok("/v0/uniswap/swap/sell_exactly", {
        sender,
        token_in: "WETH",
        token_out: "USDC",
        fee: "0.05",
        amount_in: 1,
        amount_out_minimum: minimum,
      }),
    );
    const usdc = await balanceOf(token("USDC"), sender);
    expect(usdc).toBeGreaterThanOrEqual(BigInt(Math.round(Number(minimum) * 1e6)));

    // a minimum above what the pool gives is refused before anything is signed
    const greedy = await v0("/v0/uniswap/swap/sell_exactly", {
      chain,
      sender,
      token_in: "USDC",
      token_out: "WETH",
      fee: "0.05",
      amount_in: 10,
      amount_out_minimum: 1,
    });
    expect(greedy.status).toBe(422);

    await sendBundle(
      wallet,
      await ok("/v0/generic/allowance/set", {
        sender,
        token: "USDC",
        contract_name: "AaveV3Pool",
        amount: 100,
      }),
    );
    await sendBundle(wallet, await ok("/v0/aave/supply", { sender, asset: "USDC", amount: 100 }));
    const position = await ok("/v0/aave/user_position_per_token/get", { user: sender, asset: "USDC" });
    expect(Number(position.token_balance)).toBeGreaterThanOrEqual(99.999999);
    const summary = await ok("/v0/aave/user_position_summary/get", { user: sender });
    const v1Summary = await getJson(`${url}/v1/aave/user_position_summary?chain=base&user=${sender}`);
    expect(summary).toEqual(v1Summary.body);
    const price = await ok("/v0/aave/asset_price/get", { asset: "USDC" });
    expect(Number(price.price)).toBeCloseTo(1, 1);
    const pool = await ok("/v0/aerodrome_slipstream/pool_price/get", {
      token_in: "USDC",
      token_out: "WETH",
      tick_spacing: 100,
    });
    const v1Pool = await getJson(
      `${url}/v1/aerodrome_slipstream/pool_price?chain=base&token_in=USDC&token_out=WETH&tick_spacing=100`,
    );
    expect(pool).toEqual({ ...v1Pool.body, token_in: "USDC", token_out: "WETH" });
  });
});
