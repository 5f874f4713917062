import type { Hex } from "viem";
import { type Config, upstream } from "../../../kernel/config/env.ts";
import { DomainError, UpstreamError } from "../../../kernel/errors.ts";
import { upstreamRequest } from "../../../kernel/upstream/request.ts";
import type { AttestationService, IrisFee, IrisMessage } from "../attestation-port.ts";

const SERVICE = "iris";
const UNAVAILABLE = "Attestation service unavailable";

/**
 * Adapter to Circle's attestation service (COMPASS_IRIS_URL; production `https://iris-api.circle.com`, sandbox
 * `https://iris-api-sandbox.circle.com`; the devnet's twin by default). Iris takes no key. A 404 is "no message
 * for this transaction (yet)"; 400 a request it refuses (422 here); 429, 5xx and unreachable are 502/504.
 */
export class IrisAdapter implements AttestationService {
  constructor(private readonly config: Config) {}

  /** The messages a burn transaction emitted on `sourceDomain`, or null when Iris knows none. */
  async messages(sourceDomain: number, transactionHash: Hex): Promise<IrisMessage[] | null> {
    const reply = await this.get(
      `/v2/messages/${sourceDomain}?transactionHash=${transactionHash}`,
      "burn_tx_hash",
    );
    if (reply === null) return null;
    return (reply as { messages: IrisMessage[] }).messages;
  }

  /** Circle's fees for `src` → `dst`, per finality threshold. */
  async fees(src: number, dst: number): Promise<IrisFee[]> {
    const reply = await this.get(`/v2/burn/USDC/fees/${src}/${dst}`, "destination_chain");
    if (reply === null) throw new UpstreamError(SERVICE, "Iris has no fees for this route", UNAVAILABLE);
    return reply as IrisFee[];
  }

  private async get(path: string, field: string): Promise<unknown | null> {
    const { url } = upstream(this.config, SERVICE);
    const reply = await upstreamRequest(
      {
        service: SERVICE,
        title: "Circle's attestation service",
        label: UNAVAILABLE,
        url,
        timeoutMs: this.config.upstreamTimeoutMs,
      },
      { method: "GET", path, headers: {}, retry: true },
    );
    if (reply.status === 200) return reply.json;
    if (reply.status === 404) return null;
    const reason = (reply.json as { message?: string } | undefined)?.message ?? reply.text.slice(0, 200);
    if (reply.status === 400)
      throw new DomainError(
        422,
        "Validation error",
        `${field}: Circle's attestation service refused it: ${reason}`,
      );
    throw new UpstreamError(
      SERVICE,
      `Circle's attestation service answered HTTP ${reply.status}: ${reason}`,
      UNAVAILABLE,
    );
  }
}
