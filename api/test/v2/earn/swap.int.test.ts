import { aaveOracleAbi } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import {
  addressBook,
  chainClient,
  fundedEarnAccount,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  tokenBalance,
  usdcBalance,
} from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { type Address, erc20Abi, erc4626Abi, formatUnits, type Hex, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * Swaps in the Earn Account through the aggregator twin (the 1inch Swap API over the devnet's Uniswap v3
 * pools): quotes equal what the aggregator answers, a swap lands what it quoted, multi-hop routes, a swap and
 * a vault deposit in one transaction, and the twin as strict as 1inch with a client that speaks its protocol.
 */
const { url } = testEnv();
const CHAIN = "ethereum";
const CHAIN_ID = 1;
const DEV = 7;
const owner = addressBook().accounts.dev[DEV]!.address;
const token = (symbol: string) => addressBook().tokens![CHAIN]![symbol]!.address as Address;
const twin = () => addressBook().twins.aggregator as { url: string; apiKey: string };
let account: Address;

/** The aggregator twin called as any 1inch client calls the real service. */
async function oneInch(path: string, params: Record<string, string>, key: string | null = twin().apiKey) {
  const r = await fetch(`${twin().url}/swap/v6.0/${CHAIN_ID}/${path}?${new URLSearchParams(params)}`, {
    headers: key ? { Authorization: `Bearer ${key}` } : {},
  });
  return { status: r.status, body: (await r.json()) as any };
}

beforeAll(async () => {
  account = await fundedEarnAccount(DEV, CHAIN, owner, "3000");
});

describe("earn: swaps through the aggregator", () => {
  test("default: the quote is the aggregator's, and the swap lands it in the account", async () => {
    const q = await getJson(
      `${url}/v2/earn/swap_quote?chain=${CHAIN}&token_in=USDC&token_out=WETH&amount_in=1000`,
    );
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body).toMatchObject({ token_in: token("USDC"), token_out: token("WETH") });
    const direct = await oneInch("quote", { src: token("USDC"), dst: token("WETH"), amount: "1000000000" });
    expect(direct.status).toBe(200);
    expect(q.body.amount_out).toBe(formatUnits(BigInt(direct.body.dstAmount), 18));
    // ~1000 USDC at ~3000 USDC/WETH, less pool fees and impact; the devnet's activity walks the price (every
    // clock advance of the suite's other tests moves it), so the bound is 2,000–5,000 USDC/WETH
    expect(Number(q.body.amount_out)).toBeGreaterThan(0.2);
    expect(Number(q.body.amount_out)).toBeLessThan(0.5);

    const before = {
      usdc: await usdcBalance(CHAIN, account),
      weth: await tokenBalance(CHAIN, "WETH", account),
    };
    const swap = await postJson("/v2/earn/swap", {
      owner,
      chain: CHAIN,
      token_in: "USDC",
      token_out: "WETH",
      amount_in: "1000",
      slippage: 0.5,
    });
    expect(swap.status, JSON.stringify(swap.body)).toBe(200);
    expect(swap.body.eip_712).toBeNull();
    await sendUnsigned(DEV, CHAIN, swap.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(before.usdc - 1_000_000_000n);
    const got = (await tokenBalance(CHAIN, "WETH", account)) - before.weth;
    const estimated = parseUnits(swap.body.estimated_amount_out, 18);
    // nothing traded in between: the route returns exactly its quote, and never less than the slippage bound
    expect(got).toBe(estimated);
    // the router was approved for exactly what it spent
    const allowance = await chainClient(CHAIN).readContract({
      address: token("USDC"),
      abi: erc20Abi,
      functionName: "allowance",
      args: [account, addressBook().chains[CHAIN]!.contracts.UniswapV3SwapRouter as Address],
    });
    expect(allowance).toBe(0n);
    // balances price the WETH at the chain's Aave oracle (8-decimal USD), not only the USDC
    const oraclePrice = await chainClient(CHAIN).readContract({
      address: addressBook().chains[CHAIN]!.contracts.AaveOracle as Address,
      abi: aaveOracleAbi,
      functionName: "getAssetPrice",
      args: [token("WETH")],
    });
    const balances = await getJson(`${url}/v2/earn/balances?chain=${CHAIN}&owner=${owner}`);
    expect(balances.status, JSON.stringify(balances.body)).toBe(200);
    const weth = balances.body.balances.WETH;
    const usd = (BigInt(weth.balance) * oraclePrice) / 10n ** 18n;
    expect(Number(weth.usd_value)).toBeCloseTo(Number(usd) / 1e8, 1);
    expect(Number(weth.usd_value)).toBeGreaterThan(0);
  });

  test("behavior: a pair without a common pool routes through a connector (USDT → USDC → WETH)", async () => {
    const direct = await oneInch("quote", {
      src: token("USDT"),
      dst: token("WETH"),
      amount: "500000000",
      includeProtocols: "true",
    });
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    const hops = direct.body.protocols[0];
    expect(hops).toHaveLength(2);
    expect(hops[0][0].toTokenAddress).toBe(token("USDC").toLowerCase());
    const q = await getJson(
      `${url}/v2/earn/swap_quote?chain=${CHAIN}&token_in=USDT&token_out=WETH&amount_in=500`,
    );
    expect(q.body.amount_out).toBe(formatUnits(BigInt(direct.body.dstAmount), 18));
  });

  test('behavior: no route is amount_out "0"; a slippage over 50 and an unknown token are 422s naming the field', async () => {
    // the fund token on ethereum has no pool anywhere
    const fund = Object.keys(addressBook().tokens![CHAIN]!).find(
      (s) => !["USDC", "WETH", "USDT", "wstETH"].includes(s),
    );
    expect(fund).toBeDefined();
    const none = await getJson(
      `${url}/v2/earn/swap_quote?chain=${CHAIN}&token_in=USDC&token_out=${fund}&amount_in=10`,
    );
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.amount_out).toBe("0");
    const noRoute = await postJson("/v2/earn/swap", {
      owner,
      chain: CHAIN,
      token_in: "USDC",
      token_out: fund,
      amount_in: "10",
    });
    expect(noRoute.status).toBe(422);
    expect(noRoute.body.detail[0].loc).toEqual(["body", "token_out"]);
    const slippage = await postJson("/v2/earn/swap", {
      owner,
      chain: CHAIN,
      token_in: "USDC",
      token_out: "WETH",
      amount_in: "10",
      slippage: 60,
    });
    expect(slippage.status).toBe(422);
    expect(slippage.body.detail[0].loc).toEqual(["body", "slippage"]);
    const unknown = await getJson(`${url}/v2/earn/swap_quote?chain=${CHAIN}&token_in=NOPE&amount_in=1`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(["query", "token_in"]);
    const tooMuch = await postJson("/v2/earn/swap", {
      owner,
      chain: CHAIN,
      token_in: "USDC",
      token_out: "WETH",
      amount_in: "1000000",
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail[0].loc).toEqual(["body", "amount_in"]);
  });

  test("behavior: a swap and a vault deposit of its proceeds in one transaction", async () => {
    const vault = addressBook().chains[CHAIN]!.contracts.Erc4626VaultWETH as Address;
    const shares = () =>
      chainClient(CHAIN).readContract({
        address: vault,
        abi: erc4626Abi,
        functionName: "balanceOf",
        args: [account],
      });
    const [usdcBefore, sharesBefore] = [await usdcBalance(CHAIN, account), await shares()];
    const bundle = await postJson("/v2/earn/bundle", {
      owner,
      chain: CHAIN,
      actions: [
        {
          body: {
            action_type: "V2_SWAP",
            token_in: "USDC",
            token_out: "WETH",
            amount_in: "600",
            slippage: "1",
          },
        },
        {
          body: {
            action_type: "V2_MANAGE",
            venue: { type: "VAULT", vault_address: vault },
            action: "DEPOSIT",
            amount: "0.15",
          },
        },
      ],
    });
    expect(bundle.status, JSON.stringify(bundle.body)).toBe(200);
    expect(bundle.body.actions_count).toBe(4); // approve + swap, approve + deposit
    await sendUnsigned(DEV, CHAIN, bundle.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(usdcBefore - 600_000_000n);
    const minted = (await shares()) - sharesBefore;
    const assets = await chainClient(CHAIN).readContract({
      address: vault,
      abi: erc4626Abi,
      functionName: "convertToAssets",
      args: [minted],
    });
    expect(Number(formatUnits(assets, 18))).toBeCloseTo(0.15, 6);
    // the WETH position is priced by the chain's oracle
    const positions = await getJson(`${url}/v2/earn/positions?chain=${CHAIN}&owner=${owner}`);
    const weth = positions.body.vaults.find((v: { vault_address: string }) => v.vault_address === vault);
    expect(Number(weth.usd_value)).toBeGreaterThan(0.15 * 1000);
  });

  test("behavior: sponsored, the swap is SafeTx typed data of the account", async () => {
    const r = await postJson("/v2/earn/swap", {
      owner,
      chain: CHAIN,
      token_in: "USDC",
      token_out: "WETH",
      amount_in: "5",
      gas_sponsorship: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.transaction).toBeNull();
    expect(r.body.eip_712.domain.verifyingContract).toBe(account);
    expect(Number(r.body.estimated_amount_out)).toBeGreaterThan(0);
  });
});

describe("the aggregator twin speaks the 1inch Swap API as strictly as 1inch", () => {
  test("behavior: key, parameters and booleans are checked as the real service checks them", async () => {
    const params = { src: token("USDC"), dst: token("WETH"), amount: "1000000" };
    expect((await oneInch("quote", params, null)).status).toBe(401);
    expect((await oneInch("quote", params, "wrong")).status).toBe(401);
    const unknown = await oneInch("quote", { ...params, fromTokenAddress: token("USDC") });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(unknown.body.description).toMatch(/fromTokenAddress should not exist/);
    expect((await oneInch("quote", { ...params, includeGas: "True" })).status).toBe(400);
    expect((await oneInch("quote", { ...params, amount: "1.5" })).status).toBe(400);
    expect((await oneInch("quote", { dst: token("WETH"), amount: "1" })).body.description).toBe(
      "Src is not set",
    );
    const noAllowance = await oneInch("swap", { ...params, from: owner, slippage: "1" });
    expect(noAllowance.status).toBe(400);
    expect(noAllowance.body.description).toMatch(/^Not enough allowance/);
    const spender = await oneInch("approve/spender", {});
    expect(spender.body.address).toBe(addressBook().chains[CHAIN]!.contracts.UniswapV3SwapRouter);
  });

  test("default: a wallet approves the spender, sends the swap's tx and receives at least the quote less slippage", async () => {
    const wallet = devWallet(DEV, CHAIN);
    const from = wallet.account.address;
    const approve = await oneInch("approve/transaction", { tokenAddress: token("USDC"), amount: "20000000" });
    await minedReceipt(
      wallet,
      await wallet.sendTransaction({ to: approve.body.to, data: approve.body.data as Hex }),
    );
    const swap = await oneInch("swap", {
      src: token("USDC"),
      dst: token("WETH"),
      amount: "20000000",
      from,
      slippage: "1",
      includeTokensInfo: "true",
    });
    expect(swap.status, JSON.stringify(swap.body)).toBe(200);
    expect(swap.body.dstToken).toMatchObject({ symbol: "WETH", decimals: 18 });
    expect(swap.body.tx.gas).toBeGreaterThan(0);
    const before = await tokenBalance(CHAIN, "WETH", from);
    const receipt = await minedReceipt(
      wallet,
      await wallet.sendTransaction({ to: swap.body.tx.to, data: swap.body.tx.data }),
    );
    expect(receipt.status).toBe("success");
    expect((await tokenBalance(CHAIN, "WETH", from)) - before).toBe(BigInt(swap.body.dstAmount));
  });
});
