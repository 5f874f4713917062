import type { Address, Hex } from "viem";
import { type Config, upstream } from "../../../kernel/config/env.ts";
import { UpstreamError } from "../../../kernel/errors.ts";
import { upstreamRequest } from "../../../kernel/upstream/request.ts";
import { OdosRefusal, type PathRouter } from "../port.ts";

const UNAVAILABLE = "Odos unavailable";

/**
 * Adapter to Odos's Smart Order Routing API v2 (COMPASS_ODOS_URL, optional COMPASS_ODOS_API_KEY; the devnet's twin
 * by default): the router to approve, a quote for one input and one output (a `pathId` Odos keeps 60 seconds for
 * the same `userAddr`), and that path assembled into a transaction. Sends only the fields Odos documents.
 */
export class OdosAdapter implements PathRouter {
  constructor(private readonly config: Config) {}

  async router(chainId: number): Promise<Address> {
    return (await this.call<{ address: Address }>("GET", `/info/router/v2/${chainId}`)).address;
  }

  async quote(q: {
    chainId: number;
    src: Address;
    dst: Address;
    amount: bigint;
    user: Address;
    slippagePercent: number;
  }) {
    const body = await this.call<{ pathId: string; outAmounts: string[] }>("POST", "/sor/quote/v2", {
      chainId: q.chainId,
      inputTokens: [{ tokenAddress: q.src, amount: String(q.amount) }],
      outputTokens: [{ tokenAddress: q.dst, proportion: 1 }],
      userAddr: q.user,
      slippageLimitPercent: q.slippagePercent,
      disableRFQs: true,
      compact: true,
    });
    return { pathId: body.pathId, amountOut: BigInt(body.outAmounts[0]!) };
  }

  async assemble(user: Address, pathId: string) {
    const body = await this.call<{ transaction: { to: Address; data: Hex; value: string } }>(
      "POST",
      "/sor/assemble",
      {
        userAddr: user,
        pathId,
        simulate: false,
      },
    );
    return {
      to: body.transaction.to,
      data: body.transaction.data,
      value: BigInt(body.transaction.value || "0"),
    };
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const { url, apiKey } = upstream(this.config, "odos");
    const reply = await upstreamRequest(
      { service: "odos", title: "Odos", label: UNAVAILABLE, url, timeoutMs: this.config.upstreamTimeoutMs },
      {
        method,
        path,
        headers: {
          ...(body !== undefined && { "content-type": "application/json" }),
          ...(apiKey && { "x-api-key": apiKey }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        retry: method === "GET",
      },
    );
    if (reply.status === 200 && reply.json !== undefined) return reply.json as T;
    const detail = (reply.json as { detail?: unknown } | undefined)?.detail;
    if (reply.status === 400) throw new OdosRefusal(String(detail ?? reply.text).slice(0, 300));
    throw new UpstreamError(
      "odos",
      `Odos answered HTTP ${reply.status}: ${(typeof detail === "string" ? detail : reply.text).slice(0, 200)}`,
      UNAVAILABLE,
    );
  }
}
