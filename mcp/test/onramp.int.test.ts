import { addressBook, CARDS, payAtProvider, testEnv, usdcBalance } from "@compass/testkit/live";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const { url } = testEnv();
const owner = addressBook().accounts.dev[4]!.address;
const client = new Client({ name: "compass-onramp-test", version: "1" });
const text = (r: any) => JSON.parse(r.content[0].text);

beforeAll(() => client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`))));
afterAll(() => client.close());

describe("MCP on-ramp tools", () => {
  test("default: three v2_onramp_* tools; create tells the agent to hand over checkout_url and poll status", async () => {
    const { tools } = await client.listTools();
    const onramp = tools.filter((t) => t.name.startsWith("v2_onramp_")).map((t) => t.name);
    expect(onramp.sort()).toEqual(["v2_onramp_create", "v2_onramp_quote", "v2_onramp_status"]);
    const create = tools.find((t) => t.name === "v2_onramp_create")!;
    expect(create.description).toMatch(/give the returned checkout_url to the user/);
    expect(create.description).toMatch(/poll v2_onramp_status/);
    expect(create.description).not.toMatch(/unsigned transaction/);
    expect(tools.find((t) => t.name === "v2_onramp_status")!.annotations).toMatchObject({
      readOnlyHint: true,
    });
    expect(Object.keys(create.inputSchema.properties ?? {}).sort()).toEqual(
      ["destination_address", "fiat_amount", "fiat_currency", "idempotency_key", "quote_id"].sort(),
    );
  });

  test("default: quote → create → the user pays → status reports delivered and the USDC is on chain", async () => {
    const before = await usdcBalance("ethereum", owner);
    const quote = text(
      await client.callTool({
        name: "v2_onramp_quote",
        arguments: { fiat_amount: "42", destination_address: owner },
      }),
    );
    expect(quote).toMatchObject({ output_amount: "42", fees: { provider_fee: "1.05" } });
    const payment = text(
      await client.callTool({
        name: "v2_onramp_create",
        arguments: { fiat_amount: "42", destination_address: owner, quote_id: quote.quote_id },
      }),
    );
    expect(payment.checkout_url).toMatch(/\/onramp\/checkout\?/);
    await payAtProvider(payment.payment_id, CARDS.success);
    let status: any;
    for (let i = 0; i < 60; i++) {
      status = text(
        await client.callTool({ name: "v2_onramp_status", arguments: { payment_id: payment.payment_id } }),
      );
      if (status.status === "delivered") break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(status).toMatchObject({ status: "delivered", output_amount_delivered: "42" });
    expect(await usdcBalance("ethereum", owner)).toBe(before + parseUnits("42", 6));
  });

  test("behavior: errors come back as the API's body with its status", async () => {
    const r = await client.callTool({ name: "v2_onramp_status", arguments: { payment_id: "cos_missing" } });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatchObject({ status: 404, error: "Payment not found." });
    const low = await client.callTool({
      name: "v2_onramp_quote",
      arguments: { fiat_amount: "1", destination_address: owner },
    });
    expect(text(low)).toMatchObject({ status: 422, message: expect.stringMatching(/^fiat_amount: /) });
  });
});
