import { addressBook, getJson, testEnv } from "@compass/testkit/live";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMcpServer } from "../src/index.ts";

/**
 * v1 tools are opt-in (the hosted endpoint is v2 only, as the reference's): a server started with v1 groups
 * selected (`compass-mcp --tools vaults,generic,uniswap,morpho`) calls the live API for them.
 */
const { url } = testEnv();
const client = new Client({ name: "compass-test", version: "1" });
beforeAll(async () => {
  const server = createMcpServer({
    tools: [
      "vaults",
      "generic",
      "uniswap",
      "morpho",
      "pendle",
      "sky",
      "ethena",
      "swap",
      "aerodrome_slipstream",
      "transaction_bundler",
      "smart_account",
    ],
    client: { serverURL: url },
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
});
afterAll(() => client.close());

describe("v1 vault and generic tools over MCP", () => {
  test("default: the vault read is a read-only tool answering what the route answers; the writes are not read-only", async () => {
    const { tools } = await client.listTools();
    const hint = (name: string) => tools.find((t) => t.name === name)?.annotations?.readOnlyHint;
    expect(hint("v1_vaults_vault")).toBe(true);
    expect(hint("v1_generic_portfolio")).toBe(true);
    expect(hint("v1_vaults_deposit")).toBe(false);
    expect(hint("v1_generic_allowance_set")).toBe(false);
    const vault = addressBook().chains.base!.contracts.Erc4626VaultWETH!;
    const r: any = await client.callTool({
      name: "v1_vaults_vault",
      arguments: { chain: "base", vault_address: vault },
    });
    expect(r.isError).toBeFalsy();
    const http = await getJson(`${url}/v1/vaults/vault?chain=base&vault_address=${vault}`);
    expect(JSON.parse(r.content[0].text).underlying_token).toEqual(http.body.underlying_token);
  });

  test("default: Uniswap and Morpho reads are tools too", async () => {
    const r: any = await client.callTool({
      name: "v1_uniswap_pool_price",
      arguments: { chain: "base", token_in: "USDC", token_out: "WETH", fee: "0.05" },
    });
    expect(r.isError).toBeFalsy();
    expect(Number(JSON.parse(r.content[0].text).price)).toBeGreaterThan(100);
    const m: any = await client.callTool({ name: "v1_morpho_markets", arguments: { chain: "base" } });
    expect(JSON.parse(m.content[0].text).markets.length).toBeGreaterThanOrEqual(2);
    const p: any = await client.callTool({ name: "v1_pendle_markets", arguments: { chain: "base" } });
    expect(p.isError).toBeFalsy();
    expect(JSON.parse(p.content[0].text).markets[0].details.impliedApy).toBeGreaterThan(0);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === "v1_pendle_pt")?.annotations?.readOnlyHint).toBe(false);
    const e: any = await client.callTool({ name: "v1_ethena_vault", arguments: {} });
    expect(e.isError).toBeFalsy();
    expect(JSON.parse(e.content[0].text).cooldown_duration_days).toBe(7);
    const s: any = await client.callTool({
      name: "v1_sky_position",
      arguments: { user_address: addressBook().accounts.dev[1]!.address },
    });
    expect(s.isError).toBeFalsy();
    expect(tools.find((t) => t.name === "v1_ethena_unstake")?.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((t) => t.name === "v1_swap_odos")?.annotations?.readOnlyHint).toBe(false);
    const aero: any = await client.callTool({ name: "v1_aerodrome_slipstream_pool_price", arguments: {} });
    expect(aero.isError).toBeFalsy();
    expect(Number(JSON.parse(aero.content[0].text).price)).toBeGreaterThan(100);
  });

  test("behavior: an unknown contract name is a tool error naming the field", async () => {
    const r: any = await client.callTool({
      name: "v1_generic_allowance",
      arguments: { chain: "base", user: addressBook().accounts.dev[1]!.address, contract: "NotAContract" },
    });
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toMatch(/contract/);
  });

  test("default: the bundler tools build a batch by its action types; a step that cannot run is an error naming it", async () => {
    const user = addressBook().accounts.dev[3]!.address;
    const weth = addressBook().tokens!.base!.WETH!.address;
    const auth: any = await client.callTool({
      name: "v1_transaction_bundler_authorization",
      arguments: { chain: "base", sender: user },
    });
    expect(auth.isError).toBeFalsy();
    expect(JSON.parse(auth.content[0].text).address).toBe(
      addressBook().chains.base!.contracts.Simple7702Account,
    );
    const ops: any = await client.callTool({
      name: "v1_smart_account_batched_user_operations",
      arguments: {
        chain: "base",
        sender: user,
        operations: [
          { body: { action_type: "WRAP_ETH", amount: "0.2" } },
          { body: { action_type: "UNWRAP_WETH", amount: "0.2" } },
        ],
      },
    });
    expect(ops.isError, ops.content?.[0]?.text).toBeFalsy();
    expect(JSON.parse(ops.content[0].text).operations.map((o: any) => o.to)).toEqual([weth, weth]);
    const refused: any = await client.callTool({
      name: "v1_smart_account_batched_user_operations",
      arguments: {
        chain: "base",
        sender: user,
        operations: [{ body: { action_type: "UNWRAP_WETH", amount: "100000" } }],
      },
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/step 1 \(UNWRAP_WETH\)/);
  });
});
