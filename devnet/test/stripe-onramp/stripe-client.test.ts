/**
 * The provider twin driven by Stripe's official Node client (`stripe` on npm), as a merchant's server would:
 * it has no crypto onramp resource, so the calls go through `stripe.rawRequest`, which encodes arrays as
 * `name[0]=` and nested objects as `name[key]=`. What the client sends must mean to the twin what it means
 * to Stripe.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dev } from "../helpers.ts";
import { startOnrampDevnet } from "./harness.ts";

let t: Awaited<ReturnType<typeof startOnrampDevnet>>;
let stripe: Stripe;
beforeAll(async () => {
  t = await startOnrampDevnet(4500);
  const url = new URL(t.twin);
  stripe = new Stripe(t.key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
    maxNetworkRetries: 0,
    telemetry: false,
  });
});
afterAll(() => t?.stop());

/** The session parameters as nested objects and arrays, the way a stripe-node caller writes them. */
const params = (networks: string[], extra: Record<string, unknown> = {}) => {
  const form = t.sessionForm(dev(t.devnet, 5).address);
  return {
    wallet_addresses: { ethereum: form["wallet_addresses[ethereum]"] },
    source_amount: "100",
    source_currency: "usd",
    destination_currencies: ["usdc"],
    destination_networks: networks,
    lock_wallet_address: true,
    metadata: {
      destination_address: form["metadata[destination_address]"],
      one_time_wallet_salt: form["metadata[one_time_wallet_salt]"],
    },
    ...extra,
  };
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the twin to refuse");
    },
    (error: any) => error,
  );

describe("the provider twin through stripe-node", () => {
  it("default: creates a session from `destination_networks[0]=ethereum` and retrieves it with Stripe's field names", async () => {
    const created: any = await stripe.rawRequest("POST", "/v1/crypto/onramp_sessions", params(["ethereum"]));
    expect(created).toMatchObject({ object: "crypto.onramp_session", status: "initialized" });
    expect(created.transaction_details).toMatchObject({
      destination_currencies: ["usdc"],
      destination_networks: ["ethereum"],
      lock_wallet_address: true,
      source_amount: "100.00",
    });
    const retrieved: any = await stripe.rawRequest("GET", `/v1/crypto/onramp_sessions/${created.id}`, {});
    expect(retrieved.id).toBe(created.id);
    expect(retrieved.metadata).toEqual(created.metadata);
    expect(retrieved.transaction_details.wallet_addresses.ethereum).toBe(
      created.transaction_details.wallet_addresses.ethereum,
    );
  });

  it("behavior: `destination_networks[0]=solana` is read, not ignored: this provider refuses the network", async () => {
    const error = await refusal(stripe.rawRequest("POST", "/v1/crypto/onramp_sessions", params(["solana"])));
    expect(error.statusCode).toBe(400);
    expect(error.raw).toMatchObject({
      type: "invalid_request_error",
      code: "network_not_supported",
      param: "destination_networks",
    });
    const quote = await refusal(
      stripe.rawRequest(
        "GET",
        "/v1/crypto/onramp/quotes?source_amount=100&destination_networks[0]=solana",
        {},
      ),
    );
    expect(quote.raw.code).toBe("network_not_supported");
  });

  it("behavior: an unknown parameter is a 400 parameter_unknown naming it", async () => {
    const error = await refusal(
      stripe.rawRequest("POST", "/v1/crypto/onramp_sessions", params(["ethereum"], { quote: "abc" })),
    );
    expect(error.statusCode).toBe(400);
    expect(error.type).toBe("StripeInvalidRequestError");
    expect(error.raw).toMatchObject({
      type: "invalid_request_error",
      code: "parameter_unknown",
      param: "quote",
      message: expect.stringMatching(/unknown parameter: quote/),
    });
  });

  it("default: lists sessions through the client's list shape", async () => {
    const list: any = await stripe.rawRequest("GET", "/v1/crypto/onramp_sessions?limit=1", {});
    expect(list).toMatchObject({ object: "list", url: "/v1/crypto/onramp_sessions" });
    expect(list.data).toHaveLength(1);
  });
});
