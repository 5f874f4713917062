import { ONE_TIME_WALLET_ABI, ONE_TIME_WALLET_FACTORY } from "@compass/constants";
import {
  addressBook,
  CARDS,
  chainClient,
  getJson,
  payAtProvider,
  providerSession,
  testEnv,
  usdcBalance,
  waitForStatus,
} from "@compass/testkit/live";
import { parseEventLogs, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { oneTimeWalletAddress, paymentSalt } from "../../../src/v2/onramp/domain/one-time-wallet.ts";

const { url, prodUrl, apiKey } = testEnv();
const buyer = addressBook().accounts.dev[2]!.address;
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const quote = (body: object, base = url, headers = {}) =>
  getJson(`${base}/v2/onramp/quote`, json(body, headers));
const create = (body: object, headers: Record<string, string> = {}) =>
  getJson(`${url}/v2/onramp/create`, json(body, headers));
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

describe("on-ramp API against the provider twin", () => {
  test("default: a quote itemises fees and advertises limits and expiry", async () => {
    const r = await quote({ fiat_amount: "100", destination_address: buyer });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      fiat_amount: "100.00",
      fiat_currency: "USD",
      output_amount: "100",
      output_asset: "USDC",
      output_chain: "Ethereum",
      exchange_rate: "1",
      fees: { provider_fee: "2.50", network_fee: "0.34", business_fees: "0" },
      min_amount: "10.00",
      max_amount: "10000.00",
    });
    expect(Date.parse(r.body.expires_at)).toBeGreaterThan(Date.now());
    const eur = await quote({ fiat_amount: "50", fiat_currency: "eur", destination_address: buyer });
    expect(eur.body.fiat_currency).toBe("EUR");
    expect(Number(eur.body.exchange_rate)).toBeGreaterThan(1);
  });

  test("behavior: amounts outside the provider's limits are a 422 naming fiat_amount", async () => {
    for (const amount of ["9.99", "10000.01"]) {
      const r = await quote({ fiat_amount: amount, destination_address: buyer });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/^fiat_amount: The (minimum|maximum) purchase is/);
      expect(r.body.detail[0].loc).toEqual(["body", "fiat_amount"]);
    }
    const jpy = await quote({ fiat_amount: "100", fiat_currency: "JPY", destination_address: buyer });
    expect(jpy).toMatchObject({ status: 400, body: { error: "Unsupported currency" } });
  });

  test("default: create → pay with the test card → the provider pays the one-time wallet, our settlement worker forwards → delivered; the balance rises by exactly output_amount", async () => {
    const key = `int-${Date.now()}`;
    const before = await usdcBalance("ethereum", buyer);
    const r = await create({ fiat_amount: "125.50", destination_address: buyer }, { "idempotency-key": key });
    expect(r.status).toBe(200);
    const payment = r.body;
    expect(payment).toMatchObject({
      status: "pending",
      quote: { fiat_amount: "125.50", output_amount: "125.5" },
    });
    expect(payment.deposit_address).toBe(oneTimeWalletAddress(buyer, paymentSalt(key)));
    const checkout = new URL(payment.checkout_url);
    expect(checkout.origin + checkout.pathname).toBe(`${url}/onramp/checkout`);
    expect(Object.fromEntries(checkout.searchParams)).toEqual({
      destination: buyer,
      chain: "ethereum",
      asset: "USDC",
      payment: payment.payment_id,
    });
    expect(payment.user_instructions).toMatch(/checkout_url.*status/s);
    expect((await getJson(`${url}/v2/onramp/status?payment_id=${payment.payment_id}`)).body.status).toBe(
      "pending",
    );

    await payAtProvider(payment.payment_id, CARDS.success);
    const done = await waitForStatus(url, payment.payment_id);
    expect(done).toMatchObject({
      status: "delivered",
      output_amount_delivered: "125.5",
      destination_address: buyer,
    });
    expect(await usdcBalance("ethereum", buyer)).toBe(before + parseUnits(payment.quote.output_amount, 6));
    // delivery_tx_hash is the forward out of the one-time wallet (deployAndForward), not the provider's payment
    const receipt = await chainClient("ethereum").getTransactionReceipt({ hash: done.delivery_tx_hash });
    expect(receipt.status).toBe("success");
    expect(receipt.to?.toLowerCase()).toBe(ONE_TIME_WALLET_FACTORY.toLowerCase());
    const [forwarded] = parseEventLogs({
      abi: ONE_TIME_WALLET_ABI,
      logs: receipt.logs,
      eventName: "Forwarded",
    });
    expect(forwarded!.address.toLowerCase()).toBe(payment.deposit_address.toLowerCase());
    expect(forwarded!.args).toMatchObject({ owner: buyer, amount: parseUnits("125.5", 6) });
    const session = await providerSession(payment.payment_id);
    expect(session.status).toBe("fulfillment_complete");
    expect(session.transaction_details.transaction_id).not.toBe(done.delivery_tx_hash);
    expect(await usdcBalance("ethereum", payment.deposit_address)).toBe(0n);
    expect(Date.parse(done.updated_at)).toBeGreaterThan(0);

    // The same Idempotency-Key returns the same payment (the API's first answer, replayed) and charges nothing more.
    const again = await create(
      { fiat_amount: "125.50", destination_address: buyer },
      { "idempotency-key": key },
    );
    expect(again.body.payment_id).toBe(payment.payment_id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await usdcBalance("ethereum", buyer)).toBe(before + parseUnits("125.5", 6));
    const reuse = await create({ fiat_amount: "99", destination_address: buyer }, { "idempotency-key": key });
    expect(reuse.status).toBe(422);
    expect(reuse.body.message).toMatch(/Idempotency-Key was already used with a different request body/);
  });

  test("behavior: a declined card fails the payment and moves no USDC", async () => {
    const before = await usdcBalance("ethereum", buyer);
    const { body: payment } = await create({ fiat_amount: "40", destination_address: buyer });
    await payAtProvider(payment.payment_id, CARDS.declined);
    const done = await waitForStatus(url, payment.payment_id);
    expect(done).toMatchObject({ status: "failed", output_amount_delivered: null, delivery_tx_hash: null });
    expect(await usdcBalance("ethereum", buyer)).toBe(before);
    expect(await usdcBalance("ethereum", payment.deposit_address)).toBe(0n);
  });

  test("behavior: a quote_id is checked against the request: stale is 410, another amount 422", async () => {
    const q = (await quote({ fiat_amount: "60", destination_address: buyer })).body;
    const ok = await create({ fiat_amount: "60", destination_address: buyer, quote_id: q.quote_id });
    expect(ok.status).toBe(200);
    expect(ok.body.quote.quote_id).toBe(q.quote_id);
    const other = await create({ fiat_amount: "61", destination_address: buyer, quote_id: q.quote_id });
    expect(other.status).toBe(422);
    expect(other.body.detail[0].loc).toEqual(["body", "quote_id"]);
    const forged = await create({ fiat_amount: "60", destination_address: buyer, quote_id: "q_123" });
    expect(forged.status).toBe(422);
    // the id describes itself (docs/onramp.md): the same quote, expired a minute ago
    const claim = JSON.parse(Buffer.from(q.quote_id.slice(4), "base64url").toString());
    const stale = `oq1_${Buffer.from(JSON.stringify({ ...claim, e: Math.floor(Date.now() / 1000) - 60 })).toString("base64url")}`;
    const expired = await create({ fiat_amount: "60", destination_address: buyer, quote_id: stale });
    expect(expired).toMatchObject({
      status: 410,
      body: { error: "Quote expired", message: expect.stringMatching(/^quote_id: /) },
    });
  });

  test("behavior: large purchases for an unverified buyer are 402 with where to verify", async () => {
    const r = await create({ fiat_amount: "5000", destination_address: freshAddress() });
    expect(r.status).toBe(402);
    expect(r.body).toMatchObject({
      error: "Identity verification required",
      verification_url: expect.stringMatching(/\/verify\?wallet=0x/),
    });
  });

  test("behavior: an unknown payment is a 404 in the domain envelope", async () => {
    const r = await getJson(`${url}/v2/onramp/status?payment_id=cos_doesnotexist`);
    expect(r).toMatchObject({
      status: 404,
      body: { error: "Payment not found.", message: expect.any(String) },
    });
  });

  test("behavior: the provider stores the one-time wallet's owner and salt, and nothing else of ours", async () => {
    const { body: payment } = await create({ fiat_amount: "20", destination_address: buyer });
    const session = await providerSession(payment.payment_id);
    expect(session.transaction_details.wallet_address).toBe(payment.deposit_address);
    expect(Object.keys(session.metadata).sort()).toEqual(["destination_address", "one_time_wallet_salt"]);
  });

  test("parameters: production requires the API key on on-ramp operations", async () => {
    expect((await quote({ fiat_amount: "100", destination_address: buyer }, prodUrl)).status).toBe(401);
    const ok = await quote({ fiat_amount: "100", destination_address: buyer }, prodUrl, {
      "x-api-key": apiKey,
    });
    expect(ok.status).toBe(200);
  });
});
