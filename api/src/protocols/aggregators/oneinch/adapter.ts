import type { Address, Hex } from "viem";
import { type Config, upstream } from "../../../kernel/config/env.ts";
import { UpstreamError } from "../../../kernel/errors.ts";
import { upstreamRequest } from "../../../kernel/upstream/request.ts";
import {
  type AggregatorQuote,
  AggregatorRefusal,
  type AggregatorSwap,
  type SwapAggregator,
} from "../port.ts";

const UNAVAILABLE = "Swap aggregator unavailable";

/**
 * Adapter to a swap aggregator speaking the 1inch Swap API v6.0 (COMPASS_AGGREGATOR_URL and
 * COMPASS_AGGREGATOR_API_KEY; the devnet's twin by default). Sends only the parameters 1inch documents;
 * amounts are base units. "insufficient liquidity" is no route (null), other 400s a refusal of the request.
 */
export class OneInchAdapter implements SwapAggregator {
  constructor(private readonly config: Config) {}

  async quote(
    chainId: number,
    q: { src: Address; dst: Address; amount: bigint },
  ): Promise<AggregatorQuote | null> {
    const body = await this.get<{ dstAmount: string }>(chainId, "quote", {
      src: q.src,
      dst: q.dst,
      amount: String(q.amount),
    });
    return body && { dstAmount: BigInt(body.dstAmount) };
  }

  /**
   * The swap transaction for `from` (who holds the tokens and calls the router). `disableEstimate`: the
   * aggregator cannot estimate a swap whose approval rides in the same batch; the caller simulates the whole.
   */
  async swap(
    chainId: number,
    q: { src: Address; dst: Address; amount: bigint; from: Address; receiver: Address; slippage: string },
  ): Promise<AggregatorSwap | null> {
    const body = await this.get<{ dstAmount: string; tx: { to: Address; data: Hex; value: string } }>(
      chainId,
      "swap",
      {
        src: q.src,
        dst: q.dst,
        amount: String(q.amount),
        from: q.from,
        receiver: q.receiver,
        slippage: q.slippage,
        disableEstimate: "true",
      },
    );
    return (
      body && {
        dstAmount: BigInt(body.dstAmount),
        tx: { to: body.tx.to, data: body.tx.data, value: BigInt(body.tx.value || "0") },
      }
    );
  }

  private async get<T>(chainId: number, endpoint: string, params: Record<string, string>): Promise<T | null> {
    const { url, apiKey } = upstream(this.config, "aggregator");
    const target = {
      service: "aggregator",
      title: "The swap aggregator",
      label: UNAVAILABLE,
      url,
      timeoutMs: this.config.upstreamTimeoutMs,
    };
    const reply = await upstreamRequest(target, {
      method: "GET",
      path: `/swap/v6.0/${chainId}/${endpoint}?${new URLSearchParams(params)}`,
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      retry: true,
    });
    if (reply.status === 200 && reply.json !== undefined) return reply.json as T;
    const description = String((reply.json as { description?: unknown } | undefined)?.description ?? "");
    if (reply.status === 400 && /insufficient liquidity/i.test(description)) return null;
    if (reply.status === 400) throw new AggregatorRefusal(description || reply.text.slice(0, 200));
    throw new UpstreamError(
      "aggregator",
      `The swap aggregator answered HTTP ${reply.status}: ${(description || reply.text).slice(0, 200)}`,
      UNAVAILABLE,
    );
  }
}
