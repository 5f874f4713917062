import { addressBook, chainClient, getJson, testEnv } from "@compass/testkit/live";
import { type Address, formatUnits, parseAbi } from "viem";
import { describe, expect, test } from "vitest";

/**
 * Euler markets: the vaults the chain's Euler factory created, read through the Euler Vault Kit's views and
 * checked here against the same views read straight from the chain.
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const evk = parseAbi([
  "function cash() view returns (uint256)",
  "function totalAssets() view returns (uint256)",
  "function totalBorrows() view returns (uint256)",
  "function interestRate() view returns (uint256)",
]);

describe("credit: Euler markets", () => {
  test("default: the factory's USDC vault with its cash, totals and rate, as the chain reports them", async () => {
    const vault = addressBook().chains[CHAIN]!.contracts.EulerVaultUSDC as Address;
    const r = await getJson(`${url}/v2/credit/euler_markets?chain=${CHAIN}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.perspective).toBe("factory");
    const market = r.body.markets.find((m: any) => m.vault === vault);
    expect(market).toMatchObject({
      asset_symbol: "USDC",
      asset_decimals: 6,
      unit_of_account_symbol: expect.any(String),
    });
    const read = (functionName: "cash" | "totalAssets" | "totalBorrows" | "interestRate") =>
      chainClient(CHAIN).readContract({ address: vault, abi: evk, functionName });
    const [cash, total, borrows, rate] = await Promise.all([
      read("cash"),
      read("totalAssets"),
      read("totalBorrows"),
      read("interestRate"),
    ]);
    expect(Number(market.available_liquidity)).toBeCloseTo(Number(formatUnits(cash, 6)), 4);
    expect(Number(market.total_supply_assets)).toBeCloseTo(Number(formatUnits(total, 6)), 0);
    expect(Number(market.total_borrow_assets)).toBeCloseTo(Number(formatUnits(borrows, 6)), 0);
    const borrowApy = ((1 + Number(rate) / 1e27) ** (365 * 86_400) - 1) * 100;
    expect(Number(market.borrow_apy)).toBeCloseTo(borrowApy, 2);
    expect(Number(market.supply_apy)).toBeLessThanOrEqual(Number(market.borrow_apy));
    // the devnet's vault accepts no collateral (its LTVList is empty): nothing can be borrowed against it
    expect(market.collaterals).toEqual([]);
  });

  test("behavior: a chain without Euler lists none; an unknown chain is a 422", async () => {
    const bsc = await getJson(`${url}/v2/credit/euler_markets?chain=bsc`);
    expect(bsc.body.markets).toEqual([]);
    const bad = await getJson(`${url}/v2/credit/euler_markets?chain=solana`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "chain"]);
  });
});
