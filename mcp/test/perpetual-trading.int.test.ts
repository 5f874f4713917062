import {
  bridgeTransfer,
  sponsorAddress,
  sponsorBroadcast,
  testEnv,
  until,
  usdcBalance,
  venueAccountValue,
  venueInfo,
  venuePosition,
} from "@compass/testkit/live";
import { trader } from "@compass/testkit/wallet";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const { url } = testEnv();
const me = trader(7);
const owner = me.address;
const client = new Client({ name: "compass-perps-test", version: "1" });

beforeAll(() => client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`))));
afterAll(() => client.close());

async function tool(name: string, args: Record<string, unknown>): Promise<any> {
  const r: any = await client.callTool({ name: `v2_perpetual_trading_${name}`, arguments: args });
  const body = JSON.parse(r.content[0].text);
  if (r.isError) throw Object.assign(new Error(`${name}: ${r.content[0].text}`), { body });
  return body;
}

async function execute(prepared: { typed_data: unknown; action: unknown; nonce: number }) {
  if (!prepared.typed_data) return { status: "ok" }; // already in that state: nothing to sign
  const signature = await me.sign(prepared.typed_data);
  return tool("execute", { action: prepared.action, nonce: prepared.nonce, signature });
}

describe("MCP tools v2_perpetual_trading_* end to end", () => {
  test("default: the spec's fifteen tools and our two (order_book, position_tpsl); reads are read-only, execute is destructive", async () => {
    const tools = (await client.listTools()).tools.filter((t) => t.name.startsWith("v2_perpetual_trading_"));
    expect(tools).toHaveLength(17);
    expect(tools.find((t) => t.name === "v2_perpetual_trading_order_book")!.annotations?.readOnlyHint).toBe(
      true,
    );
    expect(tools.find((t) => t.name === "v2_perpetual_trading_positions")!.annotations?.readOnlyHint).toBe(
      true,
    );
    expect(tools.find((t) => t.name === "v2_perpetual_trading_execute")!.annotations?.destructiveHint).toBe(
      true,
    );
    expect(tools.some((t) => /global_markets/.test(t.name))).toBe(false);
  });

  test("default: order_book is the venue twin's l2Book of the market, best first, with its spread", async () => {
    const [book, venue] = await Promise.all([
      tool("order_book", { asset: "GOLD" }),
      venueInfo().l2Book({ coin: "xyz:GOLD" }),
    ]);
    const [bids, asks] = venue!.levels;
    expect(book.asset).toBe("GOLD");
    expect(book.bids).toHaveLength(bids.length);
    expect(book.asks).toHaveLength(asks.length);
    const prices = (side: { price: string }[]) => side.map((l) => Number(l.price));
    expect(prices(book.bids)).toEqual([...prices(book.bids)].sort((a, b) => b - a));
    expect(prices(book.asks)).toEqual([...prices(book.asks)].sort((a, b) => a - b));
    // read a moment apart, the two books are the same market's: their best bids within $5 (about 0.1 %)
    expect(Number(book.bids[0].price)).toBeCloseTo(Number(bids[0]!.px), -1);
    expect(Number(book.spread)).toBeCloseTo(Number(book.asks[0].price) - Number(book.bids[0].price), 6);
  });

  test("default: deposit → sponsor relay → trade → close → withdraw, checked at the venue and on chain", async () => {
    const start = await usdcBalance("arbitrum", owner);
    const value = await venueAccountValue(owner);
    const deposit = await tool("deposit", { owner, amount: "200" });
    const { transaction } = await tool("deposit_sponsor_prepare", {
      owner,
      amount_raw: deposit.amount_raw,
      deadline: Number(deposit.permit.message.deadline),
      signature: await me.sign(deposit.permit),
      sender: sponsorAddress(),
    });
    expect(bridgeTransfer(await sponsorBroadcast(transaction), owner)).toBe(parseUnits("200", 6));
    expect(
      await until(
        () => venueAccountValue(owner),
        (v) => v > value,
      ),
    ).toBeCloseTo(value + 200, 6);

    expect((await execute(await tool("enable_unified_account", { owner }))).status).toBe("ok");
    const leverage = await tool("set_leverage", { owner, asset: "TSLA", leverage: 3 });
    expect((await execute(leverage)).status).toBe("ok");
    await execute(await tool("market_order", { owner, asset: "TSLA", side: "sell", size: "0.1" }));
    const short = await venuePosition(owner, "xyz:TSLA");
    expect(short).toMatchObject({ szi: "-0.1", leverage: { type: "cross", value: 3 } });
    await execute(
      await tool("market_order", { owner, asset: "TSLA", side: "buy", size: "0.1", reduce_only: true }),
    );
    expect(await venuePosition(owner, "xyz:TSLA")).toBeUndefined();

    await execute(await tool("withdraw", { owner, amount: "20" }));
    expect(
      await until(
        () => usdcBalance("arbitrum", owner),
        (b) => b > start - parseUnits("200", 6),
      ),
    ).toBe(start - parseUnits("181", 6));
  });

  test("behavior: an unknown asset comes back as the API's 422 naming the field", async () => {
    const error: any = await tool("ensure_leverage", { owner, asset: "NOPE" }).catch((e) => e);
    expect(error.body).toMatchObject({ status: 422, detail: [{ loc: ["body", "asset"] }] });
  });
});
