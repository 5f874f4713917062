import {
  addressBook,
  chainClient,
  DEVNET_BIN,
  getJson,
  testEnv,
  tokenBalance,
  usdcBalance,
} from "@compass/testkit/live";
import { erc20Abi } from "viem";
import { describe, expect, test } from "vitest";
import { compass, run } from "./shell.ts";

const { url, devnetDir } = testEnv();
const OWNER_INDEX = 7;
const owner = addressBook().accounts.dev[OWNER_INDEX]!.address;
const C = "ethereum";

/** `compass … -o json -q .transaction | compass-devnet send --account 7`. */
async function pipeToSend(args: string[]) {
  const built = await compass(...args, "-o", "json", "-q", ".transaction");
  expect(built.code, built.stderr).toBe(0);
  if (built.stdout.trim() === "null") return null;
  const sent = await run(
    DEVNET_BIN,
    ["send", "--account", String(OWNER_INDEX), "--dir", devnetDir],
    built.stdout,
  );
  expect(sent.code, sent.stderr).toBe(0);
  return JSON.parse(sent.stdout);
}

describe("compass earn: swaps from the shell", () => {
  test("default: quote, then create the account, fund it and swap — WETH lands in the account", async () => {
    const quote = await compass(
      "earn",
      "swap-quote",
      "-c",
      C,
      "--token-in",
      "USDC",
      "--token-out",
      "WETH",
      "--amount-in",
      "50",
      "-o",
      "json",
    );
    expect(quote.code, quote.stderr).toBe(0);
    const viaHttp = await getJson(
      `${url}/v2/earn/swap_quote?chain=${C}&token_in=USDC&token_out=WETH&amount_in=50`,
    );
    expect(JSON.parse(quote.stdout)).toEqual(viaHttp.body);

    await pipeToSend(["earn", "ca", "-c", C, "--sender", owner, "--owner", owner]);
    const account = JSON.parse(
      (await compass("earn", "ca", "-c", C, "--sender", owner, "--owner", owner, "-o", "json")).stdout,
    ).earn_account_address;
    await pipeToSend([
      "earn",
      "transfer",
      "-c",
      C,
      "--owner",
      owner,
      "-t",
      "USDC",
      "--amount",
      "50",
      "--action",
      "DEPOSIT",
    ]);
    const usdc = await usdcBalance(C, account);
    const weth = await tokenBalance(C, "WETH", account);
    await pipeToSend([
      "earn",
      "swap",
      "-c",
      C,
      "--owner",
      owner,
      "--token-in",
      "USDC",
      "--token-out",
      "WETH",
      "--amount-in",
      "50",
    ]);
    expect(await usdcBalance(C, account)).toBe(usdc - 50_000_000n);
    expect(await tokenBalance(C, "WETH", account)).toBeGreaterThan(weth);
  });

  test("default: aave-markets -o table prints a row per token and chain, the HTTP route's figures", async () => {
    const r = await compass("earn", "aave-markets", "-c", C, "--days", "7", "-o", "table");
    expect(r.code, r.stderr).toBe(0);
    const [head, , ...lines] = r.stdout.trimEnd().split("\n");
    const cols = head!.split(/ +/);
    expect(cols.slice(0, 4)).toEqual(["symbol", "chain", "address", "a_token_address"]);
    expect(cols).not.toContain("reserves");
    const http = await getJson(`${url}/v2/earn/aave_markets?chain=${C}&days=7`);
    const rows = lines.map((l) => Object.fromEntries(l.split(/ +/).map((v, i) => [cols[i], v])));
    expect(rows.map((x) => x.symbol).sort()).toEqual(Object.keys(http.body.markets).sort());
    for (const row of rows) {
      expect(row.chain).toBe(C);
      const info = http.body.markets[row.symbol].chains[C];
      expect(row).toMatchObject({ address: info.address, supply_apy: info.supply_apy, ltv: info.ltv });
    }
  });

  test("default: on bsc, a vault deposit of 18-decimal Binance-Peg USDC from the shell, sent by compass-devnet", async () => {
    const vault = addressBook().chains.bsc!.contracts.Erc4626VaultUSDC!;
    const created = await compass(
      "earn",
      "ca",
      "-c",
      "bsc",
      "--owner",
      owner,
      "--sender",
      owner,
      "-o",
      "json",
    );
    expect(created.code, created.stderr).toBe(0);
    const account = JSON.parse(created.stdout).earn_account_address as `0x${string}`;
    await pipeToSend(["earn", "ca", "-c", "bsc", "--owner", owner, "--sender", owner]);
    await pipeToSend([
      "earn",
      "transfer",
      "-c",
      "bsc",
      "--owner",
      owner,
      "--token",
      "USDC",
      "--amount",
      "12",
      "--action",
      "DEPOSIT",
    ]);
    const shares = () =>
      chainClient("bsc").readContract({
        address: vault,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [account],
      });
    const before = await shares();
    const receipt = await pipeToSend([
      "earn",
      "manage",
      "-c",
      "bsc",
      "--owner",
      owner,
      "--venue",
      JSON.stringify({ type: "VAULT", vault_address: vault }),
      "--action",
      "DEPOSIT",
      "--amount",
      "7.25",
    ]);
    expect(receipt.status).toBe("success");
    expect(await shares()).toBeGreaterThan(before);
    const positions = await compass("earn", "positions", "-c", "bsc", "--owner", owner, "-o", "json");
    expect(positions.code, positions.stderr).toBe(0);
    const held = JSON.parse(positions.stdout).vaults.find(
      (v: { vault_address: string }) => v.vault_address === vault,
    );
    expect(held.deposits.at(-1)).toMatchObject({ input_amount: "7.25", input_symbol: "USDC" });
  });

  test("default: pendle-markets -o table, then PT bought and sold from the shell through Pendle's router", async () => {
    const listed = await compass("earn", "pendle-markets", "-c", C, "--order-by", "tvl_usd", "-o", "table");
    expect(listed.code, listed.stderr).toBe(0);
    // columns by the ruler's dashes: names hold spaces
    const [head, ruler, first] = listed.stdout.trimEnd().split("\n");
    const spans = [...ruler!.matchAll(/-+/g)].map((m) => [m.index!, m.index! + m[0].length] as const);
    const cell = (line: string, [a, b]: readonly [number, number]) => line.slice(a, b).trim();
    const row = Object.fromEntries(spans.map((span) => [cell(head!, span), cell(first!, span)]));
    const market = addressBook().chains[C]!.contracts.PendleMarket_USDC!;
    expect(row).toMatchObject({ market_address: market, chain: C, pt_symbol: "PT-dvUSDC-30DEC2027" });
    expect(Number(row.implied_apy)).toBeGreaterThan(1);

    const account = JSON.parse(
      (await compass("earn", "ca", "-c", C, "--sender", owner, "--owner", owner, "-o", "json")).stdout,
    ).earn_account_address;
    await pipeToSend([
      "earn",
      "transfer",
      "-c",
      C,
      "--owner",
      owner,
      "-t",
      "USDC",
      "--amount",
      "20",
      "--action",
      "DEPOSIT",
    ]);
    const pt = addressBook().chains[C]!.contracts.PendlePT_USDC! as `0x${string}`;
    const ptBalance = () =>
      chainClient(C).readContract({ address: pt, abi: erc20Abi, functionName: "balanceOf", args: [account] });
    const before = await ptBalance();
    const venue = JSON.stringify({ type: "PENDLE_PT", market_address: market, max_slippage_percent: 1 });
    await pipeToSend([
      "earn",
      "manage",
      "-c",
      C,
      "--owner",
      owner,
      "--venue",
      venue,
      "--action",
      "DEPOSIT",
      "--amount",
      "20",
    ]);
    const bought = (await ptBalance()) - before;
    expect(bought).toBeGreaterThan(20_000_000n);
    const usdc = await usdcBalance(C, account);
    const sold = (Number(bought) / 1e6).toString();
    await pipeToSend([
      "earn",
      "manage",
      "-c",
      C,
      "--owner",
      owner,
      "--venue",
      venue,
      "--action",
      "WITHDRAW",
      "--amount",
      sold,
    ]);
    expect(await ptBalance()).toBe(before);
    expect(await usdcBalance(C, account)).toBeGreaterThan(usdc + 19_000_000n);
  });

  test("behavior: a bad token is an API error (exit 1) naming the field", async () => {
    const r = await compass("earn", "swap-quote", "-c", C, "--token-in", "NOPE", "--amount-in", "1");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Error 422: token_in: Unknown token symbol 'NOPE'/);
  });
});
