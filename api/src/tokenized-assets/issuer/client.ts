import { type Config, upstream } from "../../config/env.ts";
import { UpstreamError } from "../../errors.ts";
import type { IssuerAccount, IssuerFund, IssuerNavPoint, IssuerOrder } from "./types.ts";

/**
 * Adapter to the money-market-fund issuer's API (COMPASS_ISSUER_URL / the devnet twin). The API stores
 * nothing: whitelist status, NAV and the orders of an account are read from the issuer on each request.
 */
export class IssuerClient {
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
    if (!url)
      throw new UpstreamError(
        "issuer",
        "No fund issuer is configured (COMPASS_ISSUER_URL)",
        "Issuer unavailable",
      );
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        headers: apiKey ? { "x-api-key": apiKey } : {},
        signal: signal ?? AbortSignal.timeout(this.config.upstreamTimeoutMs),
      });
    } catch (error) {
      throw new UpstreamError(
        "issuer",
        `Fund issuer unreachable: ${(error as Error).message}`,
        "Issuer unavailable",
      );
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new UpstreamError(
        "issuer",
        `Fund issuer answered ${response.status}: ${text.slice(0, 200)}`,
        "Issuer unavailable",
      );
    }
    return (await response.json()) as T;
  }
}
