import { addressBook, getJson, testEnv } from "@compass/testkit/live";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const { url } = testEnv();
const client = new Client({ name: "compass-test", version: "1" });
beforeAll(() => client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`))));
afterAll(() => client.close());

describe("credit tools over MCP", () => {
  test("default: positions and Morpho markets are read-only tools answering what the HTTP routes answer; borrow is not", async () => {
    const { tools } = await client.listTools();
    const hint = (name: string) => tools.find((t) => t.name === name)?.annotations?.readOnlyHint;
    expect(hint("v2_credit_positions")).toBe(true);
    expect(hint("v2_credit_morpho_markets")).toBe(true);
    expect(hint("v2_credit_borrow")).not.toBe(true);
    const owner = addressBook().accounts.dev[3]!.address;
    const r: any = await client.callTool({
      name: "v2_credit_positions",
      arguments: { chain: "ethereum", owner },
    });
    expect(r.isError).toBeFalsy();
    const http = await getJson(`${url}/v2/credit/positions?chain=ethereum&owner=${owner}`);
    const viaMcp = JSON.parse(r.content[0].text);
    expect(viaMcp.collateral_positions.map((c: { token: string }) => c.token)).toEqual(
      http.body.collateral_positions.map((c: { token: string }) => c.token),
    );
    expect(viaMcp.account_summary.ltv).toBe(http.body.account_summary.ltv);
    const markets: any = await client.callTool({
      name: "v2_credit_morpho_markets",
      arguments: { chain: "ethereum", order_by: "lltv" },
    });
    expect(JSON.parse(markets.content[0].text).morpho).toBe(
      addressBook().chains.ethereum!.contracts.MorphoBlue,
    );
  });

  test("default: looped positions are a read-only tool answering what the route answers; unloop refuses a loop that is not there", async () => {
    const { tools } = await client.listTools();
    const hint = (name: string) => tools.find((t) => t.name === name)?.annotations?.readOnlyHint;
    expect(hint("v2_credit_looped_positions")).toBe(true);
    expect(hint("v2_credit_unloop")).not.toBe(true);
    const owner = addressBook().accounts.dev[9]!.address;
    const r: any = await client.callTool({
      name: "v2_credit_looped_positions",
      arguments: { chain: "base", owner },
    });
    expect(r.isError).toBeFalsy();
    const http = await getJson(`${url}/v2/credit/looped_positions?chain=base&owner=${owner}`);
    expect(JSON.parse(r.content[0].text)).toEqual(http.body);
    const unloop: any = await client.callTool({
      name: "v2_credit_unloop",
      arguments: { chain: "base", owner, collateral_token: "WETH", borrow_token: "USDC", preview: true },
    });
    expect(unloop.isError).toBe(true);
    expect(unloop.content[0].text).toMatch(/no WETH\/USDC loop to unwind/);
  });
});
