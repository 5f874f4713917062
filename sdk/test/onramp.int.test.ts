import { addressBook, CARDS, payAtProvider, testEnv, usdcBalance } from "@compass/testkit/live";
import { parseUnits } from "viem";
import { describe, expect, test } from "vitest";
import { ApiError, CompassClient, onrampQuote, Transport, ValidationError } from "../src/index.ts";

const { url } = testEnv();
const owner = addressBook().accounts.dev[5]!.address;
const client = new CompassClient({ serverURL: url });

describe("TypeScript SDK: onramp namespace", () => {
  test("default: quote, idempotent create, pay, status delivered; the USDC is on chain", async () => {
    const before = await usdcBalance("ethereum", owner);
    const quote = await client.onramp.quote({ fiat_amount: "33.30", destination_address: owner });
    expect(quote).toMatchObject({ fiat_amount: "33.30", output_amount: "33.3", exchange_rate: "1" });
    const key = `sdk-${Date.now()}`;
    const body = { fiat_amount: "33.30", destination_address: owner, quote_id: quote.quote_id };
    const payment = await client.onramp.create(body, { idempotencyKey: key });
    const again = await client.onramp.create(body, { idempotencyKey: key });
    expect(again.payment_id).toBe(payment.payment_id);
    await payAtProvider(payment.payment_id, CARDS.success);
    let status = await client.onramp.status({ payment_id: payment.payment_id });
    for (let i = 0; i < 60 && status.status !== "delivered"; i++) {
      await new Promise((r) => setTimeout(r, 300));
      status = await client.onramp.status({ payment_id: payment.payment_id });
    }
    expect(status).toMatchObject({ status: "delivered", output_amount_delivered: "33.3" });
    expect(await usdcBalance("ethereum", owner)).toBe(before + parseUnits("33.3", 6));
  });

  test("behavior: typed errors — ValidationError names the field, ApiError carries the label", async () => {
    const low = await client.onramp.quote({ fiat_amount: "1", destination_address: owner }).catch((e) => e);
    expect(low).toBeInstanceOf(ValidationError);
    expect(low.detail[0].loc).toEqual(["body", "fiat_amount"]);
    const missing = await client.onramp.status({ payment_id: "cos_missing" }).catch((e) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, error: "Payment not found." });
  });

  test("parameters: the standalone function (tree-shakeable) gives the same answer", async () => {
    const q = await onrampQuote(new Transport({ serverURL: url }), {
      fiat_amount: "10",
      destination_address: owner,
    });
    expect(q.output_amount).toBe("10");
  });
});
