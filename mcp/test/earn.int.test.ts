import { getJson, testEnv } from "@compass/testkit/live";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, test } from "vitest";

const { url } = testEnv();
const client = new Client({ name: "compass-test", version: "1" });
afterAll(() => client.close());

describe("earn tools over MCP", () => {
  test("default: the swap quote tool answers what the HTTP route answers; the swap builder is not read-only", async () => {
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
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
});
