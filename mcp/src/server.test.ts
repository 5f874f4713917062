import { groups, manifest } from "@compass/sdk/manifest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, test } from "vitest";
import { createMcpHttpHandler } from "./http.ts";
import { buildInstructions, namedTools } from "./instructions.ts";
import { selectOperations } from "./select.ts";
import { createMcpServer, type McpServerOptions } from "./server.ts";
import { parseStdioArgs } from "./stdio.ts";

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body?: string;
}

function fakeApi(answer: unknown = { ok: true }) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method!, headers: new Headers(init.headers), body: init.body as string });
    return Response.json(answer);
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
}

async function connect(options: McpServerOptions = {}) {
  const server = createMcpServer(options);
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "t", version: "1" });
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

const v2 = manifest.filter((op) => op.path.startsWith("/v2/"));

describe("tool selection", () => {
  test("default: every v2 operation is a tool; v1 is not exposed (spec: MCP is v2 only)", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(v2.map((op) => op.mcpName).sort());
    expect(tools.some((t) => t.name.startsWith("v1_"))).toBe(false);
  });

  test("parameters: --read-only exposes only read-only tools; --tools takes names and groups", async () => {
    const ro = (await (await connect({ readOnly: true })).listTools()).tools;
    expect(ro.length).toBeGreaterThan(0);
    expect(ro.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    expect(ro.length).toBe(v2.filter((op) => op.readOnly).length);
    const some = (await (await connect({ tools: ["onramp", "v2_perpetual_trading_positions"] })).listTools())
      .tools;
    expect(some.map((t) => t.name).sort()).toEqual([
      "v2_onramp_create",
      "v2_onramp_quote",
      "v2_onramp_status",
      "v2_perpetual_trading_positions",
    ]);
    const v1 = (await (await connect({ tools: ["v1_token_balance"] })).listTools()).tools;
    expect(v1.map((t) => t.name)).toEqual(["v1_token_balance"]);
    // a v1 group by name: the Aave V3 reads and writes
    const aave = (await (await connect({ tools: ["aave"] })).listTools()).tools;
    expect(aave.map((t) => t.name)).toContain("v1_aave_avg_rate");
    expect(aave.every((t) => t.name.startsWith("v1_aave_"))).toBe(true);
  });

  test("behavior: an unknown tool name is refused with a suggestion", () => {
    expect(() => selectOperations(manifest, { tools: ["v2_onramp_stats"] })).toThrow(
      /Unknown tool or group: 'v2_onramp_stats' \(did you mean 'v2_onramp_status'\?\)/,
    );
  });

  test("parameters: stdio reads --tools/--read-only, falling back to COMPASS_MCP_TOOLS/COMPASS_MCP_READ_ONLY", () => {
    expect(parseStdioArgs(["--tools", "onramp,v2_earn_balances", "--read-only"], {})).toMatchObject({
      tools: ["onramp", "v2_earn_balances"],
      readOnly: true,
    });
    expect(parseStdioArgs([], { COMPASS_MCP_TOOLS: "onramp", COMPASS_MCP_READ_ONLY: "1" })).toMatchObject({
      tools: ["onramp"],
      readOnly: true,
    });
    expect(() => parseStdioArgs(["--readonly"], {})).toThrow(/Unknown argument '--readonly'/);
  });
});

describe("instructions", () => {
  const selections: McpServerOptions[] = [
    {},
    { readOnly: true },
    { tools: ["onramp"] },
    { tools: ["v2_onramp_status", "v2_perpetual_trading_market_order"] },
    { tools: ["perpetual_trading"], readOnly: true },
  ];
  test.each(selections)("behavior: name only tools that exist and are exposed (%j)", async (sel) => {
    const client = await connect(sel);
    const names = new Set((await client.listTools()).tools.map((t) => t.name));
    const text = client.getInstructions()!;
    expect(text).toMatch(/operationId/);
    for (const n of namedTools(text)) expect(names.has(n), `${n} is named but not a tool`).toBe(true);
  });

  test("default: the full set carries each group's workflow from the registry", () => {
    const text = buildInstructions(selectOperations(manifest), groups);
    expect(text).toContain("v2_onramp_quote → v2_onramp_create");
    expect(text).toContain("v2_perpetual_trading_execute with {action, nonce, signature}");
    const partial = buildInstructions(selectOperations(manifest, { tools: ["v2_onramp_status"] }), groups);
    expect(partial).not.toContain("v2_onramp_quote");
  });
});

describe("input schemas and calls", () => {
  test("default: schemas keep pattern and format (uint128 included) from the registry", async () => {
    const { tools } = await (await connect()).listTools();
    const props = (name: string) => (tools.find((t) => t.name === name)!.inputSchema as any).properties;
    const fields = v2.flatMap((op) =>
      [
        ...op.params.map((p) => [p.name, p.schema] as const),
        ...Object.entries<any>(op.body?.properties ?? {}),
      ]
        .filter(([, schema]) => schema.pattern || schema.format)
        .map(([name, schema]) => ({ tool: op.mcpName, name, schema })),
    );
    expect(fields.length).toBeGreaterThan(5);
    for (const f of fields) {
      const got = props(f.tool)[f.name];
      expect(got.pattern, `${f.tool}.${f.name}`).toBe(f.schema.pattern);
      expect(got.format, `${f.tool}.${f.name}`).toBe(f.schema.format);
    }
    const limit = JSON.stringify(props("v2_perpetual_trading_limit_order").client_order_id);
    expect(limit).toContain('"format":"uint128"');
  });

  test("behavior: create tools take idempotency_key and send it as Idempotency-Key; reads do not", async () => {
    const api = fakeApi({ payment_id: "p1" });
    const client = await connect({ client: { serverURL: "http://api.test", fetch: api.fetch } });
    const { tools } = await client.listTools();
    const schema = (n: string) => (tools.find((t) => t.name === n)!.inputSchema as any).properties;
    expect(schema("v2_onramp_create").idempotency_key).toMatchObject({ type: "string" });
    expect(schema("v2_onramp_status").idempotency_key).toBeUndefined();
    const args = {
      fiat_amount: "100",
      fiat_currency: "USD",
      destination_address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      quote_id: "q_1",
    };
    const r = await client.callTool({
      name: "v2_onramp_create",
      arguments: { ...args, idempotency_key: "buy-7" },
    });
    expect(r.isError).toBeFalsy();
    expect(api.sent[0]!.headers.get("idempotency-key")).toBe("buy-7");
    expect(JSON.parse(api.sent[0]!.body!)).toEqual(args); // the key is not part of the body
  });

  test("default: a write that answers something to sign says to read its simulation, which the tool returns first", async () => {
    const simulation = {
      chain: "arbitrum",
      asset_changes: [],
      warnings: [{ code: "unlimited_approval", message: "…" }],
    };
    const api = fakeApi({ simulation, transaction: null, eip_712: { primaryType: "SafeTx" } });
    const client = await connect({ client: { serverURL: "http://api.test", fetch: api.fetch } });
    const { tools } = await client.listTools();
    const simulated = manifest.filter((op) => op.simulated && op.path.startsWith("/v2/"));
    expect(simulated.length).toBeGreaterThan(10);
    for (const op of simulated)
      expect(tools.find((t) => t.name === op.mcpName)!.description).toMatch(/starts with `simulation`/);
    expect(tools.find((t) => t.name === "v2_earn_positions")!.description).not.toMatch(/simulation/);
    const r = await client.callTool({
      name: "v2_earn_transfer",
      arguments: {
        owner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        chain: "arbitrum",
        token: "USDC",
        amount: "1",
        action: "DEPOSIT",
        gas_sponsorship: true,
      },
    });
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    const text = (r.content as { text: string }[])[0]!.text;
    expect(Object.keys(JSON.parse(text))[0]).toBe("simulation");
  });

  test("behavior: a malformed address is refused by the tool's own schema before any request", async () => {
    const api = fakeApi();
    const client = await connect({ client: { fetch: api.fetch } });
    const r = await client.callTool({
      name: "v2_onramp_status",
      arguments: { payment_id: 7 },
    });
    expect(r.isError).toBe(true);
    expect(api.sent).toHaveLength(0);
  });
});

describe("Streamable HTTP selection", () => {
  const rpc = (body: unknown, url = "http://mcp.test/mcp", headers: Record<string, string> = {}) =>
    new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
  const names = async (res: Response) => ((await res.json()) as any).result.tools.map((t: any) => t.name);

  test("parameters: ?tools= and ?read_only= (or x-compass-mcp-* headers) narrow the tools per request", async () => {
    const handler = createMcpHttpHandler({ serverURL: "http://api.test" });
    expect((await names(await handler(rpc(list)))).length).toBe(v2.length);
    expect(await names(await handler(rpc(list, "http://mcp.test/mcp?tools=onramp&read_only=1")))).toEqual([
      "v2_onramp_quote",
      "v2_onramp_status",
    ]);
    expect(
      await names(await handler(rpc(list, undefined, { "x-compass-mcp-tools": "v2_onramp_quote" }))),
    ).toEqual(["v2_onramp_quote"]);
    const bad = await handler(rpc(list, "http://mcp.test/mcp?tools=nope"));
    expect(bad.status).toBe(400);
  });

  test("behavior: the server's configuration is a ceiling a request cannot widen", async () => {
    const handler = createMcpHttpHandler({}, { readOnly: true });
    const all = await names(await handler(rpc(list)));
    expect(all).not.toContain("v2_onramp_create");
    expect(await names(await handler(rpc(list, "http://mcp.test/mcp?tools=onramp")))).toEqual([
      "v2_onramp_quote",
      "v2_onramp_status",
    ]);
  });
});
