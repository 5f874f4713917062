import { join } from "node:path";
import { addressBook, sendUnsigned, testEnv, tokenBalance } from "@compass/testkit/live";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, test } from "vitest";

const { url } = testEnv();
const OWNER_INDEX = 4;
const owner = addressBook().accounts.dev[OWNER_INDEX]!.address;
const clients: Client[] = [];
const text = (r: any) => JSON.parse(r.content[0].text);

async function connect(kind: "http" | "stdio") {
  const client = new Client({ name: "compass-test", version: "1" });
  await client.connect(
    kind === "http"
      ? new StreamableHTTPClientTransport(new URL(`${url}/mcp`))
      : new StdioClientTransport({
          command: process.execPath,
          args: [join(import.meta.dirname, "../bin/compass-mcp.mjs")],
          env: { ...(process.env as Record<string, string>), COMPASS_SERVER_URL: url },
        }),
  );
  clients.push(client);
  return client;
}
afterAll(async () => {
  for (const c of clients) await c.close();
});

describe.each(["http", "stdio"] as const)("tokenized-asset tools over %s", (kind) => {
  test("default: tools named by operationId without braces, reads are read-only, builders are not destructive", async () => {
    const { tools } = await (await connect(kind)).listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of [
      "v2_tokenized_assets_markets",
      "v2_tokenized_assets_markets_symbol",
      "v2_tokenized_assets_redemptions",
    ])
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: true });
    for (const name of [
      "v2_tokenized_assets_transact_buy",
      "v2_tokenized_assets_transact_sell",
      "v2_gas_sponsorship_prepare",
    ])
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });

  test("behavior: a market read takes the path parameter as an argument", async () => {
    const r = await (await connect(kind)).callTool({
      name: "v2_tokenized_assets_markets_symbol",
      arguments: { symbol: "SBGOV", chain: "ethereum_sepolia" },
    });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toMatchObject({ symbol: "SBGOV", provider: "issuer", asset_class: "MONEY_MARKET" });
  });
});

describe("trading through MCP tools", () => {
  test("default: create, deposit and buy mTBILL; the returned transactions change balances on chain", async () => {
    const client = await connect("http");
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      return text(r);
    };
    const created = await call("v2_tokenized_assets_create_account", {
      sender: owner,
      owner,
      chain: "ethereum",
    });
    if (created.transaction) await sendUnsigned(OWNER_INDEX, "ethereum", created.transaction);
    const account = created.tokenized_assets_account_address;
    const deposit = await call("v2_tokenized_assets_transfer", {
      owner,
      chain: "ethereum",
      token: "USDC",
      amount: "60",
      action: "DEPOSIT",
    });
    await sendUnsigned(OWNER_INDEX, "ethereum", deposit.transaction);
    const buy = await call("v2_tokenized_assets_transact_buy", {
      owner,
      chain: "ethereum",
      token_in: "USDC",
      token_out: "mTBILL",
      amount_in: "60",
    });
    await sendUnsigned(OWNER_INDEX, "ethereum", buy.transaction);
    expect(await tokenBalance("ethereum", "USDC", account)).toBe(0n);
    expect(Number(await tokenBalance("ethereum", "mTBILL", account)) / 1e18).toBeCloseTo(
      Number(buy.estimated_amount_out),
      2,
    );
  });

  test("behavior: the fund refuses an account that is not whitelisted, as the tool's error", async () => {
    const r = await (await connect("http")).callTool({
      name: "v2_tokenized_assets_transact_buy",
      arguments: { owner, chain: "ethereum_sepolia", token_in: "USDC", token_out: "SBGOV", amount_in: "1" },
    });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatchObject({ status: 422, error: "Account not whitelisted" });
  });
});
