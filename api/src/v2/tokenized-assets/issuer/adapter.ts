import { type Config, upstream } from "../../../kernel/config/env.ts";
import { UpstreamError } from "../../../kernel/errors.ts";
import { upstreamRequest } from "../../../kernel/upstream/request.ts";
import type {
  Issuer,
  IssuerAccount,
  IssuerFund,
  IssuerNavPoint,
  IssuerOrder,
} from "../domain/issuer-port.ts";

const UNAVAILABLE = "Issuer unavailable";

/**
 * Adapter to the money-market-fund issuer's API (COMPASS_ISSUER_URL / the devnet twin). The API stores
 * nothing: whitelist status, NAV and the orders of an account are read from the issuer on each request.
 */
export class IssuerAdapter implements Issuer {
  constructor(private readonly config: Config) {}

  fund(symbol: string): Promise<IssuerFund> {
    return this.get(`/v1/funds/${encodeURIComponent(symbol)}`);
  }

  account(address: string): Promise<IssuerAccount> {
    return this.get(`/v1/accounts/${address}`);
  }

  async orders(account: string): Promise<IssuerOrder[]> {
    return (await this.get<{ orders: IssuerOrder[] }>(`/v1/orders?account=${account}`)).orders;
  }

  async navHistory(symbol: string, days: number): Promise<IssuerNavPoint[]> {
    const path = `/v1/funds/${encodeURIComponent(symbol)}/nav?days=${days}`;
    return (await this.get<{ history: IssuerNavPoint[] }>(path)).history;
  }

  private async get<T>(path: string, signal?: AbortSignal): Promise<T> {
    const { url, apiKey } = upstream(this.config, "issuer");
    const target = {
      service: "issuer",
      title: "The fund issuer",
      label: UNAVAILABLE,
      url,
      timeoutMs: this.config.upstreamTimeoutMs,
    };
    const reply = await upstreamRequest(target, {
      method: "GET",
      path,
      headers: apiKey ? { "x-api-key": apiKey } : {},
      signal,
      retry: true,
    });
    if (reply.status !== 200 || reply.json === undefined)
      throw new UpstreamError(
        "issuer",
        `The fund issuer answered HTTP ${reply.status}: ${reply.text.slice(0, 200)}`,
        UNAVAILABLE,
      );
    return reply.json as T;
  }
}
