/** The on-ramp in the resilience report: quotes under load; the provider failing in the middle of a payment. */

import { parseUnits } from "viem";
import type { TestAddressBook } from "../live/env.ts";
import { CARDS, payAtProvider, providerSession, usdcBalance, waitForStatus } from "../live/index.ts";
import type { LoadRequest } from "./load.ts";
import type { FaultScenario } from "./types.ts";

export function onrampLoad(b: TestAddressBook): LoadRequest[] {
  return [
    {
      label: "onramp quote",
      method: "POST",
      path: "/v2/onramp/quote",
      body: { fiat_amount: "100", destination_address: b.accounts.dev[5]!.address },
    },
  ];
}

export const ONRAMP_FAULTS: FaultScenario[] = [
  {
    name: "on-ramp provider down mid-payment",
    async run(ctx) {
      const owner = ctx.book.accounts.dev[6]!.address as `0x${string}`;
      const created = await ctx.post(
        "/v2/onramp/create",
        { fiat_amount: "42", destination_address: owner },
        { "idempotency-key": `resilience-${Date.now()}` },
      );
      if (created.status !== 200)
        throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
      const id = created.body.payment_id as string;
      const before = await usdcBalance("ethereum", owner);

      await ctx.devnet.stopTwin("onramp");
      const status = await ctx.get(`/v2/onramp/status?payment_id=${id}`);
      const quote = await ctx.post("/v2/onramp/quote", { fiat_amount: "10", destination_address: owner });
      const other = await ctx.get(`/v1/token/balance?chain=ethereum&user=${owner}&token=USDC`);
      for (const [what, r] of [
        ["status", status],
        ["quote", quote],
      ] as const)
        if (r.status !== 502 || r.body.error !== "On-ramp provider unavailable")
          throw new Error(`${what} while down: ${r.status} ${JSON.stringify(r.body)}`);
      if (other.status !== 200) throw new Error(`other routes while down: ${other.status}`);

      // the provider comes back with the payment it had; the API restarting changes nothing (it stores nothing)
      await ctx.devnet.startTwin("onramp");
      await ctx.restartServer();
      const back = await ctx.get(`/v2/onramp/status?payment_id=${id}`);
      if (back.status !== 200 || back.body.payment_id !== id || back.body.status !== "pending")
        throw new Error(`after recovery: ${back.status} ${JSON.stringify(back.body)}`);

      // and the person can still pay: the USDC lands in their own wallet
      await payAtProvider(id, CARDS.success);
      const done = await waitForStatus(ctx.url, id);
      const rose = (await usdcBalance("ethereum", owner)) - before;
      if (done.status !== "delivered" || rose !== parseUnits(done.output_amount_delivered, 6))
        throw new Error(`after paying: ${done.status}, balance rose by ${rose} (${JSON.stringify(done)})`);
      return {
        during: `502 "${status.body.error}" on status and quote; other routes 200`,
        after: `payment still pending at the provider after its and the API's restart; paid → delivered, +${done.output_amount_delivered} USDC on chain`,
      };
    },
  },
  {
    name: "settlement worker crashed between the provider's payment and the forward",
    async run(ctx) {
      const owner = ctx.book.accounts.dev[7]!.address as `0x${string}`;
      const before = await usdcBalance("ethereum", owner);
      await ctx.killSettlement();
      const created = await ctx.post("/v2/onramp/create", { fiat_amount: "31", destination_address: owner });
      if (created.status !== 200)
        throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
      const { payment_id: id, deposit_address: wallet } = created.body;
      await payAtProvider(id, CARDS.success);
      for (let i = 0; (await providerSession(id)).status !== "fulfillment_complete"; i++) {
        if (i > 200) throw new Error("the provider never paid the deposit address");
        await new Promise((r) => setTimeout(r, 100));
      }
      const held = await usdcBalance("ethereum", wallet);
      const during = await ctx.get(`/v2/onramp/status?payment_id=${id}`);
      if (during.body.status !== "processing" || held === 0n)
        throw new Error(`while the worker is down: ${JSON.stringify(during.body)}, wallet holds ${held}`);

      ctx.restartSettlement();
      const done = await waitForStatus(ctx.url, id);
      await new Promise((r) => setTimeout(r, 1500)); // more passes change nothing
      const rose = (await usdcBalance("ethereum", owner)) - before;
      if (done.status !== "delivered" || rose !== held || (await usdcBalance("ethereum", wallet)) !== 0n)
        throw new Error(`after restart: ${done.status}, balance rose by ${rose} of ${held}`);
      return {
        during: `provider paid ${held} to the one-time wallet; status processing`,
        after: `worker restarted from its state: delivered once (+${done.output_amount_delivered} USDC, ${done.delivery_tx_hash})`,
      };
    },
  },
];
