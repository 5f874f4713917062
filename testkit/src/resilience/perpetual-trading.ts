/** Fault scenario for perpetual trading: the venue twin stops mid-flow and comes back with its state. */
import { readFileSync } from "node:fs";
import { privateKeyToAccount } from "viem/accounts";
import type { FaultContext, FaultScenario } from "./types.ts";

const P = "/v2/perpetual_trading";

export const venueDownMidFlow: FaultScenario = {
  name: "perpetuals venue down mid-flow",
  async run(ctx: FaultContext) {
    const book = JSON.parse(readFileSync(ctx.devnet.addressBookPath, "utf8"));
    const account = privateKeyToAccount(book.accounts.dev[7].privateKey);
    const owner = account.address;
    const venue = book.twins.venue;
    const sign = async (action: any) => {
      const signature = await account.signTypedData(action.typed_data);
      const r = await ctx.post(`${P}/execute`, { action: action.action, nonce: action.nonce, signature });
      if (r.status !== 200 || r.body.status !== "ok")
        throw new Error(`execute: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    };
    // funded through the twin's devnet control (the deposit path itself is covered by the perps tests)
    await fetch(`${venue.url}/_twin/credit`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${venue.apiKey}` },
      body: JSON.stringify({
        user: owner,
        usd: "5000",
        txHash: `0x${Date.now().toString(16).padStart(64, "0")}`,
      }),
    });
    const unified = await ctx.post(`${P}/enable_unified_account`, { owner });
    if (unified.body.typed_data) await sign(unified.body);
    await sign(
      (
        await ctx.post(`${P}/market_order`, {
          owner,
          asset: "GOLD",
          side: "buy",
          size: "1",
          slippage_percent: 2,
        })
      ).body,
    );
    const before = (await ctx.get(`${P}/positions?owner=${owner}&asset=GOLD`)).body.positions[0];
    if (!before) throw new Error("no position before the fault");

    await ctx.devnet.stopTwin("venue");
    const down = await ctx.get(`${P}/positions?owner=${owner}`);
    const order = await ctx.post(`${P}/market_order`, {
      owner,
      asset: "GOLD",
      side: "sell",
      size: "1",
      reduce_only: true,
    });
    const other = await ctx.get(`/v1/token/balance?chain=arbitrum&user=${owner}`);
    if (down.status !== 502 || typeof down.body.detail !== "string")
      throw new Error(`positions while down: ${down.status} ${JSON.stringify(down.body)}`);
    if (order.status !== 502) throw new Error(`order while down: ${order.status}`);
    if (other.status !== 200) throw new Error(`other routes while down: ${other.status}`);

    await ctx.devnet.startTwin("venue");
    const after = (await ctx.get(`${P}/positions?owner=${owner}&asset=GOLD`)).body.positions[0];
    if (after?.size !== before.size || after.entry_price !== before.entry_price)
      throw new Error(`position after restart: ${JSON.stringify(after)}`);
    // the flow completes: the position closes through the same API
    await sign(
      (
        await ctx.post(`${P}/market_order`, {
          owner,
          asset: "GOLD",
          side: "sell",
          size: "1",
          reduce_only: true,
          slippage_percent: 2,
        })
      ).body,
    );
    const closed = (await ctx.get(`${P}/positions?owner=${owner}&asset=GOLD`)).body.positions;
    if (closed.length) throw new Error(`position not closed: ${JSON.stringify(closed)}`);
    return {
      during: `502 "${down.body.detail}"; other routes 200`,
      after: `position ${before.size} @ ${before.entry_price} intact; closed after recovery`,
    };
  },
};
