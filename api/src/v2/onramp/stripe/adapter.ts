import { type Config, upstream } from "../../../kernel/config/env.ts";
import type { CallOptions, CreateInput, OnrampProvider, QuoteInput } from "../domain/provider.ts";
import { providerError } from "./errors.ts";
import { quoteTerms, sessionPayment } from "./map.ts";
import { stripeRequest } from "./request.ts";

/**
 * The provider adapter for Stripe's Crypto Onramp API (quotes and onramp sessions), sending only the
 * parameters Stripe documents. Stripe pays the session's wallet — the one-time wallet, the deposit address —
 * with a plain transfer; the owner and salt travel as metadata so our settlement worker can deploy the wallet
 * and forward the USDC to the owner.
 * Its URL and key are read from the configuration on every call (`upstream(config, "onramp")`).
 */
export class StripeAdapter implements OnrampProvider {
  constructor(private readonly config: Config) {}

  async quote(input: QuoteInput, o?: CallOptions) {
    const reply = await this.call(
      "GET",
      "/v1/crypto/onramp/quotes",
      {
        source_amount: input.fiatAmount,
        source_currency: input.fiatCurrency.toLowerCase(),
        "destination_currencies[0]": "usdc",
        "destination_networks[0]": "ethereum",
      },
      o,
    );
    return quoteTerms(reply.body);
  }

  async create(input: CreateInput, o: CallOptions = {}) {
    const reply = await this.call(
      "POST",
      "/v1/crypto/onramp_sessions",
      {
        "wallet_addresses[ethereum]": input.depositAddress,
        lock_wallet_address: "true",
        source_amount: input.fiatAmount,
        source_currency: input.fiatCurrency.toLowerCase(),
        "destination_currencies[0]": "usdc",
        "destination_networks[0]": "ethereum",
        destination_currency: "usdc",
        destination_network: "ethereum",
        "metadata[destination_address]": input.destination,
        "metadata[one_time_wallet_salt]": input.salt,
      },
      o,
    );
    // A replayed answer is the session as first created; the caller wants where it is now.
    if (reply.replayed) return { ...(await this.get(reply.body.id, { signal: o.signal })), replayed: true };
    return sessionPayment(reply.body);
  }

  async get(id: string, o: CallOptions = {}) {
    const path = `/v1/crypto/onramp_sessions/${encodeURIComponent(id)}`;
    return sessionPayment((await this.call("GET", path, {}, o)).body);
  }

  private async call(
    method: "GET" | "POST",
    path: string,
    params: Record<string, string | undefined>,
    o: CallOptions = {},
  ) {
    const endpoint = { ...upstream(this.config, "onramp"), timeoutMs: this.config.upstreamTimeoutMs };
    const reply = await stripeRequest(endpoint, method, path, params, o);
    if (reply.status !== 200) providerError(reply.status, reply.body);
    return reply;
  }
}
