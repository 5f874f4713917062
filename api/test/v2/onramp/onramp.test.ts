import { describe, expect, test } from "vitest";
import { createHttpApp } from "../../../src/index.ts";
import { loadConfig } from "../../../src/kernel/config/env.ts";
import { DomainError, RequestValidationError, UpstreamError } from "../../../src/kernel/errors.ts";
import { checkQuoteId, quoteIdOf } from "../../../src/v2/onramp/domain/quote-id.ts";
import { exchangeRate, onrampQuote } from "../../../src/v2/onramp/domain/terms.ts";
import { providerError } from "../../../src/v2/onramp/stripe/errors.ts";
import { sessionPayment } from "../../../src/v2/onramp/stripe/map.ts";
import { call } from "../../fixtures.ts";

const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
// Nothing listens on port 9 (discard): the provider is unreachable.
const app = createHttpApp({
  config: loadConfig({
    COMPASS_DEVNET_DIR: "/nonexistent",
    LOG_LEVEL: "silent",
    COMPASS_ONRAMP_URL: "http://127.0.0.1:9",
    COMPASS_ONRAMP_API_KEY: "sk_test_x",
  }),
});
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(app, "POST", path, { body: JSON.stringify(body), headers });

describe("on-ramp terms", () => {
  test("default: provider terms become the spec's OnrampQuote", () => {
    expect(
      onrampQuote({
        fiatAmount: "100.00",
        fiatCurrency: "EUR",
        outputAmount: "108.120000",
        providerFee: "2.50",
        networkFee: "0.32",
        quoteId: "q1",
        minAmount: "10.00",
        maxAmount: "10000.00",
        expiresAt: 1_800_000_000,
      }),
    ).toEqual({
      fiat_amount: "100.00",
      fiat_currency: "EUR",
      output_amount: "108.12",
      output_asset: "USDC",
      output_chain: "Ethereum",
      exchange_rate: "1.0812",
      fees: { provider_fee: "2.50", network_fee: "0.32", business_fees: "0" },
      min_amount: "10.00",
      max_amount: "10000.00",
      expires_at: "2027-01-15T08:00:00.000Z",
      quote_id: "q1",
    });
    expect(exchangeRate("3", "1")).toBe("0.333333");
  });

  test("parameters: provider session statuses map onto the spec's enum", () => {
    const session = (status: string) => ({
      id: "cos_1",
      status,
      redirect_url: "http://provider/pay/cos_1",
      metadata: { destination_address: owner },
      transaction_details: { wallet_addresses: { ethereum: owner }, source_currency: "usd" },
    });
    expect(
      ["initialized", "requires_payment", "fulfillment_processing", "fulfillment_complete", "rejected"].map(
        (s) => sessionPayment(session(s)).status,
      ),
    ).toEqual(["pending", "pending", "processing", "processing", "failed"]);
    // Stripe's fulfillment_complete only means it paid the deposit address; delivered is read on chain
    expect(
      ["fulfillment_processing", "fulfillment_complete"].map((s) => sessionPayment(session(s)).paidToDeposit),
    ).toEqual([false, true]);
    expect(() => sessionPayment(session("mystery"))).toThrow(UpstreamError);
  });

  test("parameters: provider errors become the API's errors, naming our fields", () => {
    const err = (status: number, error: Record<string, unknown>) => {
      try {
        providerError(status, { error });
      } catch (e) {
        return e;
      }
    };
    const limit = err(400, { code: "amount_too_small", param: "source_amount", message: "min 10" });
    expect(limit).toBeInstanceOf(RequestValidationError);
    expect((limit as RequestValidationError).issues[0]!.loc).toEqual(["body", "fiat_amount"]);
    expect(err(404, { code: "resource_missing", param: "id", message: "x" })).toMatchObject({
      status: 404,
      label: "Payment not found.",
    });
    const kyc = err(402, {
      code: "identity_verification_required",
      message: "x",
      verification_url: "http://v",
    });
    expect(kyc).toBeInstanceOf(DomainError);
    expect(kyc).toMatchObject({
      status: 402,
      label: "Identity verification required",
      extra: { verification_url: "http://v" },
    });
    expect(err(400, { type: "idempotency_error", message: "x" })).toMatchObject({ status: 409 });
    expect(err(401, { type: "authentication_error", message: "x" })).toMatchObject({ status: 502 });
  });
});

describe("quote_id", () => {
  const terms = {
    fiatAmount: "60.00",
    fiatCurrency: "USD",
    outputAmount: "60",
    providerFee: "1.5",
    networkFee: "0.34",
    quoteId: "abc",
    minAmount: null,
    maxAmount: null,
    expiresAt: 2_000_000_000,
  };
  test("behavior: a quote's id holds for its amount and currency until it expires", () => {
    const id = quoteIdOf(terms);
    expect(() => checkQuoteId(id, "60", "usd", 1_900_000_000_000)).not.toThrow();
    expect(() => checkQuoteId(id, "60.01", "USD", 1_900_000_000_000)).toThrow(RequestValidationError);
    expect(() => checkQuoteId(id, "60", "EUR", 1_900_000_000_000)).toThrow(RequestValidationError);
    expect(() => checkQuoteId(id, "60", "USD", 2_000_000_001_000)).toThrow(
      expect.objectContaining({ status: 410 }),
    );
    expect(() => checkQuoteId("q_123", "60", "USD")).toThrow(RequestValidationError);
  });
});

describe("on-ramp operations without a provider", () => {
  test("behavior: an unreachable provider is a 502 'On-ramp provider unavailable' on every operation", async () => {
    for (const r of [
      await post("/v2/onramp/quote", { fiat_amount: "100", destination_address: owner }),
      await post("/v2/onramp/create", { fiat_amount: "100", destination_address: owner }),
      await call(app, "GET", "/v2/onramp/status?payment_id=cos_123"),
    ]) {
      expect(r.status).toBe(502);
      expect(r.json).toEqual({ error: "On-ramp provider unavailable", message: expect.any(String) });
    }
  });

  test("behavior: bad input is a 422 in the domain envelope naming the field, before any provider call", async () => {
    const cases: [unknown, string][] = [
      [{ fiat_amount: "0", destination_address: owner }, "fiat_amount"],
      [{ fiat_amount: "-5", destination_address: owner }, "fiat_amount"],
      [{ fiat_amount: "abc", destination_address: owner }, "fiat_amount"],
      [{ fiat_amount: "10.001", destination_address: owner }, "fiat_amount"],
      [{ fiat_amount: 100, destination_address: owner }, "fiat_amount"],
      [{ destination_address: owner }, "fiat_amount"],
      [{ fiat_amount: "100", destination_address: "0xnope" }, "destination_address"],
      [{ fiat_amount: "100", destination_address: owner, fiat_currency: "dollars" }, "fiat_currency"],
    ];
    for (const [body, field] of cases) {
      for (const op of ["quote", "create"]) {
        const r = await post(`/v2/onramp/${op}`, body);
        expect(r.status, JSON.stringify(body)).toBe(422);
        expect(r.json.error).toBe("Validation error");
        expect(r.json.message).toMatch(new RegExp(`^${field}: `));
        expect(r.json.detail[0].loc).toEqual(["body", field]);
      }
    }
    const missing = await call(app, "GET", "/v2/onramp/status");
    expect(missing.status).toBe(422);
    expect(missing.json.message).toMatch(/^payment_id: /);
    expect((await call(app, "GET", "/v2/onramp/status?payment_id=../../x")).status).toBe(422);
  });
});
