import { uniswapV3QuoterV2Abi } from "@compass/constants";
import { createPublicClient, http, parseUnits } from "viem";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor, percentile, timeSequential } from "../util.ts";

const SAMPLES = 60;

/**
 * (issue 13) The v1 reads beyond Aave, each against a baseline in the same run: a Uniswap quote through the API
 * against the same QuoterV2 eth_call made straight to the chain (what the API adds: resolving the tokens and the
 * pool, validation, the envelope); a vault read, a Morpho market read (several views and the share-price
 * events behind the APYs), the Pendle, Sky, Ethena and ENS reads against the plain token balance read.
 */
export const v1: BenchSection = {
  name: "v1",
  async run({ stack, url }) {
    const book = addressBookFor(stack);
    const base = book.chains.base;
    const client = createPublicClient({ transport: http(base.rpcUrl) });
    const usdc = book.tokens.base.USDC.address;
    const weth = book.tokens.base.WETH.address;
    const user = book.accounts.dev[1].address;
    const ok = async (path: string) => {
      const res = await fetch(`${url}${path}`);
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
      return res.json();
    };
    const market = (await ok("/v1/morpho/markets?chain=base&collateral_token=WETH")).markets[0].uniqueKey;
    const cases: [string, () => Promise<unknown>][] = [
      ["token balance (baseline)", () => ok(`/v1/token/balance?chain=base&user=${user}&token=USDC`)],
      [
        "QuoterV2 eth_call straight to the chain (baseline)",
        () =>
          client.simulateContract({
            address: base.contracts.UniswapV3QuoterV2,
            abi: uniswapV3QuoterV2Abi,
            functionName: "quoteExactInputSingle",
            args: [
              {
                tokenIn: usdc,
                tokenOut: weth,
                amountIn: parseUnits("1000", 6),
                fee: 500,
                sqrtPriceLimitX96: 0n,
              },
            ],
          }),
      ],
      [
        "uniswap quote/sell_exactly",
        () =>
          ok(
            "/v1/uniswap/quote/sell_exactly?chain=base&token_in=USDC&token_out=WETH&fee=0.05&amount_in=1000",
          ),
      ],
      [
        "vaults/vault (head)",
        () => ok(`/v1/vaults/vault?chain=base&vault_address=${base.contracts.Erc4626VaultUSDC}`),
      ],
      ["morpho/market", () => ok(`/v1/morpho/market?chain=base&unique_market_key=${market}`)],
      ["generic/portfolio", () => ok(`/v1/generic/portfolio?chain=base&user=${user}`)],
      ["pendle/markets", () => ok("/v1/pendle/markets?chain=base")],
      [
        "pendle/market with a user",
        () =>
          ok(
            `/v1/pendle/market?chain=base&market_address=${base.contracts.PendleMarket_USDC}&user_address=${user}`,
          ),
      ],
      ["sky/position", () => ok(`/v1/sky/position?user_address=${user}`)],
      ["ethena/vault with a user", () => ok(`/v1/ethena/vault?user_address=${user}`)],
      ["generic/ens", () => ok("/v1/generic/ens?ens_name=alice.eth")],
    ];
    const p50 = new Map<string, number>();
    const rows: BenchRow[] = [];
    for (const [label, call] of cases) {
      const t = await timeSequential(async () => void (await call()), SAMPLES);
      p50.set(label, percentile(t, 50));
      rows.push({
        section: "v1",
        metric: `${label} p50`,
        value: Number(percentile(t, 50).toFixed(2)),
        unit: "ms",
        note: `p99 ${percentile(t, 99).toFixed(2)} ms`,
      });
    }
    const balance = p50.get("token balance (baseline)")!;
    const quoter = p50.get("QuoterV2 eth_call straight to the chain (baseline)")!;
    for (const row of rows) {
      const label = row.metric.replace(/ p50$/, "");
      if (label.includes("baseline")) continue;
      const against = label.startsWith("uniswap") ? quoter : balance;
      row.note = `${row.note}; ${(p50.get(label)! / against).toFixed(2)}× ${label.startsWith("uniswap") ? "the direct QuoterV2 call" : "the balance read"}`;
    }
    return rows;
  },
};
