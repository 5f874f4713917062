import { getJson, testEnv } from "@compass/testkit/live";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const { url } = testEnv();
const client = new Client({ name: "compass-test", version: "1" });
beforeAll(() => client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`))));
afterAll(() => client.close());

describe("earn tools over MCP", () => {
  test("default: the swap quote tool answers what the HTTP route answers; the swap builder is not read-only", async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get("v2_earn_swap_quote")?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get("v2_earn_swap")?.annotations).toMatchObject({ readOnlyHint: false });
    const r: any = await client.callTool({
      name: "v2_earn_swap_quote",
      arguments: { chain: "arbitrum", token_in: "WETH", token_out: "USDC", amount_in: "0.5" },
    });
    expect(r.isError).toBeFalsy();
    const http = await getJson(
      `${url}/v2/earn/swap_quote?chain=arbitrum&token_in=WETH&token_out=USDC&amount_in=0.5`,
    );
    expect(JSON.parse(r.content[0].text)).toEqual(http.body);
    expect(Number(http.body.amount_out)).toBeGreaterThan(1000);
  });

  test("default: the aave_markets tool is read-only and lists the HTTP route's reserves and rates", async () => {
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === "v2_earn_aave_markets")?.annotations).toMatchObject({
      readOnlyHint: true,
    });
    const r: any = await client.callTool({
      name: "v2_earn_aave_markets",
      arguments: { chain: "base", days: 7 },
    });
    expect(r.isError).toBeFalsy();
    const viaMcp = JSON.parse(r.content[0].text);
    const http = await getJson(`${url}/v2/earn/aave_markets?chain=base&days=7`);
    expect(Object.keys(viaMcp.markets).sort()).toEqual(Object.keys(http.body.markets).sort());
    // rates change only when a block is mined; what is borrowed grows by the second (read for the next block)
    for (const [symbol, m] of Object.entries<any>(http.body.markets))
      expect(viaMcp.markets[symbol].chains.base).toMatchObject({
        address: m.chains.base.address,
        supply_apy: m.chains.base.supply_apy,
        borrow_apy_avg: m.chains.base.borrow_apy_avg,
      });
    // bsc's market: its wrapped native token is WBNB, its USDC the 18-decimal peg
    const bsc: any = await client.callTool({ name: "v2_earn_aave_markets", arguments: { chain: "bsc" } });
    expect(bsc.isError).toBeFalsy();
    const bscMarkets = JSON.parse(bsc.content[0].text).markets;
    expect(Object.keys(bscMarkets).sort()).toEqual(["USDC", "USDT", "WBNB"]);
    // amounts in whole USDC with the 18 decimals of the peg, not 6
    expect(bscMarkets.USDC.chains.bsc.available_liquidity).toMatch(/^\d+(\.\d{1,18})?$/);
    expect(Number(bscMarkets.USDC.chains.bsc.available_liquidity)).toBeGreaterThan(100_000);
    expect(Number(bscMarkets.USDC.chains.bsc.available_liquidity)).toBeLessThan(100_000_000);
  });

  test("default: the pendle_markets tool is read-only and answers what the HTTP route answers", async () => {
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === "v2_earn_pendle_markets")?.annotations).toMatchObject({
      readOnlyHint: true,
    });
    const r: any = await client.callTool({
      name: "v2_earn_pendle_markets",
      arguments: { order_by: "implied_apy", chain: "arbitrum" },
    });
    expect(r.isError).toBeFalsy();
    const http = await getJson(`${url}/v2/earn/pendle_markets?order_by=implied_apy&chain=arbitrum`);
    const viaMcp = JSON.parse(r.content[0].text);
    expect(viaMcp.total).toBe(1);
    // the implied rate moves only when the market trades
    expect(viaMcp.markets.map((m: any) => [m.market_address, m.pt_symbol, m.implied_apy])).toEqual(
      http.body.markets.map((m: any) => [m.market_address, m.pt_symbol, m.implied_apy]),
    );
  });
});
