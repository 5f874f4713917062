import { type Config, upstream } from "../../../kernel/config/env.ts";
import { DomainError, UpstreamError } from "../../../kernel/errors.ts";
import { upstreamRequest } from "../../../kernel/upstream/request.ts";
import type {
  EquityRelay,
  RelayCandle,
  RelayChartPeriod,
  RelayOrderStatus,
  RelayQuote,
  RelaySubmission,
} from "../domain/relay-port.ts";

const SERVICE = "equity_relay";
const UNAVAILABLE = "Order relay unavailable";
const CHAIN_ID = 1;

interface RelayErrorBody {
  statusCode?: number;
  error?: string;
  description?: string;
}

/**
 * Adapter to the tokenized-equity order relay (COMPASS_EQUITY_RELAY_URL / the devnet twin): quotes, signed-order
 * submission and order status, with the relay's Bearer key. Its answers map onto the spec's errors: 410 an
 * expired quote, 409 a market closed (or a quote already used), 404 an unknown quote or order, 400 a request the
 * relay refuses (422 here, naming its reason); 5xx and unreachable are 502 (upstreamRequest).
 */
export class EquityRelayAdapter implements EquityRelay {
  constructor(private readonly config: Config) {}

  quote(query: {
    fromTokenAddress: string;
    toTokenAddress: string;
    amount: bigint;
    walletAddress: string;
  }): Promise<RelayQuote> {
    const qs = new URLSearchParams({
      fromTokenAddress: query.fromTokenAddress,
      toTokenAddress: query.toTokenAddress,
      amount: query.amount.toString(),
      walletAddress: query.walletAddress,
    });
    return this.call<RelayQuote>("GET", `/quoter/v2.0/${CHAIN_ID}/quote/receive?${qs}`, "amount");
  }

  async submit(submission: RelaySubmission): Promise<void> {
    await this.call("POST", `/relayer/v2.0/${CHAIN_ID}/order/submit`, "signed_order", submission);
  }

  status(orderHash: string): Promise<RelayOrderStatus> {
    return this.call<RelayOrderStatus>(
      "GET",
      `/orders/v2.0/${CHAIN_ID}/order/status/${orderHash}`,
      "order_hash",
    );
  }

  /** USD spot prices of `addresses` (lower-case address → decimal string). */
  prices(addresses: string[]): Promise<Record<string, string>> {
    return this.call<Record<string, string>>(
      "GET",
      `/price/v1.1/${CHAIN_ID}/${addresses.join(",")}?currency=USD`,
      "symbol",
    );
  }

  /** The USD price line of `token` (quoted in `usdc`) over `period`, oldest first. */
  async chart(token: string, usdc: string, period: RelayChartPeriod) {
    const reply = await this.call<{ data: { time: number; value: string }[] }>(
      "GET",
      `/charts/v1.0/chart/line/${token}/${usdc}/${period}/${CHAIN_ID}`,
      "symbol",
    );
    return reply.data;
  }

  /** OHLC candles of `token` (quoted in `usdc`), `seconds` wide, between `from` and `to` (unix seconds). */
  async candles(token: string, usdc: string, seconds: number, from: number, to: number) {
    const reply = await this.call<{ data: RelayCandle[] }>(
      "GET",
      `/charts/v1.0/chart/aggregated/candle/${token}/${usdc}/${seconds}/${CHAIN_ID}?from=${from}&to=${to}`,
      "symbol",
    );
    return reply.data;
  }

  private async call<T>(method: "GET" | "POST", path: string, field: string, body?: unknown): Promise<T> {
    const { url, apiKey } = upstream(this.config, SERVICE);
    const reply = await upstreamRequest(
      {
        service: SERVICE,
        title: "The order relay",
        label: UNAVAILABLE,
        url,
        timeoutMs: this.config.upstreamTimeoutMs,
      },
      {
        method,
        path,
        headers: {
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        retry: method === "GET",
      },
    );
    if (reply.status >= 200 && reply.status < 300) return reply.json as T;
    const error = (reply.json ?? {}) as RelayErrorBody;
    const reason = error.description ?? reply.text.slice(0, 200);
    switch (reply.status) {
      case 410:
        throw new DomainError(410, "Quote expired", `quote_id: ${reason}`);
      case 409:
        throw new DomainError(409, /market closed/i.test(reason) ? "Market closed" : "Conflict", reason);
      case 404:
        throw new DomainError(
          404,
          /order/i.test(reason) ? "Order not found" : "Quote not found",
          `${field}: ${reason}`,
        );
      case 400:
        throw new DomainError(422, "Order rejected", `${field}: the order relay refused it: ${reason}`);
      default:
        throw new UpstreamError(
          SERVICE,
          `The order relay answered HTTP ${reply.status}: ${reason}`,
          UNAVAILABLE,
        );
    }
  }
}
