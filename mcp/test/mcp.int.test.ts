import { join } from "node:path";
import { addressBook, testEnv, usdcBalance } from "@compass/testkit/live";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, test } from "vitest";

const { url, prodUrl, apiKey } = testEnv();
const user = addressBook().accounts.dev[1]!.address;
const clients: Client[] = [];

async function connect(
  kind: "http" | "stdio",
  opts: { key?: string; base?: string; tools?: string; readOnly?: boolean } = {},
) {
  const client = new Client({ name: "compass-test", version: "1" });
  const query = new URLSearchParams({
    ...(opts.tools && { tools: opts.tools }),
    ...(opts.readOnly && { read_only: "1" }),
  }).toString();
  const transport =
    kind === "http"
      ? new StreamableHTTPClientTransport(new URL(`${opts.base ?? url}/mcp${query ? `?${query}` : ""}`), {
          requestInit: { headers: opts.key ? { "x-api-key": opts.key } : {} },
        })
      : new StdioClientTransport({
          command: process.execPath,
          args: [
            join(import.meta.dirname, "../bin/compass-mcp.mjs"),
            ...(opts.tools ? ["--tools", opts.tools] : []),
            ...(opts.readOnly ? ["--read-only"] : []),
          ],
          env: {
            ...(process.env as Record<string, string>),
            COMPASS_SERVER_URL: opts.base ?? url,
            ...(opts.key && { COMPASS_API_KEY_AUTH: opts.key }),
          },
        });
  await client.connect(transport);
  clients.push(client);
  return client;
}
afterAll(async () => {
  for (const c of clients) await c.close();
});

const text = (r: any) => JSON.parse(r.content[0].text);

describe.each(["http", "stdio"] as const)("MCP over %s", (kind) => {
  test("default: one tool per v2 operation named by operationId, with hints; no v1 tools", async () => {
    const client = await connect(kind);
    const { tools } = await client.listTools();
    const positions = tools.find((t) => t.name === "v2_tokenized_assets_balances")!;
    expect(positions.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tools.every((t) => /^v2_[a-z0-9_]+$/.test(t.name))).toBe(true);
    expect(client.getInstructions()).toMatch(/operationId/);
  });

  test("parameters: read-only and a tool list narrow the tools on this transport", async () => {
    const ro = await connect(kind, { readOnly: true });
    const tools = (await ro.listTools()).tools;
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((t) => t.annotations?.readOnlyHint)).toBe(true);
    const some = await connect(kind, { tools: "onramp" });
    expect((await some.listTools()).tools.map((t) => t.name).sort()).toEqual([
      "v2_onramp_create",
      "v2_onramp_quote",
      "v2_onramp_status",
    ]);
  });

  test("behavior: a malformed address returns the API's 422 naming the field", async () => {
    const client = await connect(kind);
    const r = await client.callTool({
      name: "v2_tokenized_assets_balances",
      arguments: { chain: "ethereum", owner: "0xnotanaddress" },
    });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatchObject({ status: 422, detail: [{ loc: ["query", "owner"] }] });
  });

  test("behavior: without the key, production answers 401 through the tool", async () => {
    const client = await connect(kind, { base: prodUrl });
    const r = await client.callTool({ name: "v2_tokenized_assets_balances", arguments: { owner: user } });
    expect(text(r)).toMatchObject({ status: 401, detail: "API key missing or invalid" });
  });
});

describe("MCP over stdio, v1 named explicitly", () => {
  test("behavior: a tool call reads the balance on chain (production key forwarded)", async () => {
    const client = await connect("stdio", { base: prodUrl, key: apiKey, tools: "v1_token_balance" });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["v1_token_balance"]);
    const r = await client.callTool({ name: "v1_token_balance", arguments: { chain: "ethereum", user } });
    expect(r.isError).toBeFalsy();
    expect(text(r).balance_raw).toBe((await usdcBalance("ethereum", user)).toString());
  });
});
