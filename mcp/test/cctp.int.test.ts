import { testEnv } from "@compass/testkit/live";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const { url } = testEnv();
const client = new Client({ name: "compass-test", version: "1" });
beforeAll(() => client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`))));
afterAll(() => client.close());

describe("CCTP tools over MCP", () => {
  test("default: one tool per operation, named by operationId, neither read-only; mint refuses an unknown bridge id", async () => {
    const { tools } = await client.listTools();
    const burn = tools.find((t) => t.name === "v2_cctp_burn");
    const mint = tools.find((t) => t.name === "v2_cctp_mint");
    expect(burn?.annotations?.readOnlyHint).not.toBe(true);
    expect(mint?.annotations?.readOnlyHint).not.toBe(true);
    expect(Object.keys((burn!.inputSchema as any).properties)).toEqual(
      expect.arrayContaining(["owner", "chain", "amount", "destination_chain", "transfer_mode"]),
    );
    const r: any = await client.callTool({
      name: "v2_cctp_mint",
      arguments: { bridge_id: "br_00", burn_tx_hash: `0x${"12".repeat(32)}`, sender: `0x${"11".repeat(20)}` },
    });
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toContain("Unknown bridge_id");
  });
});
