import { addressBook, type Config, upstream } from "../../../kernel/config/env.ts";
import { UpstreamError } from "../../../kernel/errors.ts";
import { upstreamRequest } from "../../../kernel/upstream/request.ts";
import type { ExchangeReply, Venue, VenueNetwork } from "../domain/ports.ts";

/**
 * The venue's HTTP protocol (Hyperliquid): POST /info for reads, POST /exchange for signed actions, at
 * `upstream(config, "venue")` (COMPASS_VENUE_URL overrides the address book). Only transport failures
 * and non-JSON answers are errors here (502); what the venue says is the caller's to interpret.
 */
export class VenueAdapter implements Venue {
  constructor(private readonly config: Config) {}

  /** Base URL of the venue's API ("" when none is configured; requests then answer 502). */
  get url(): string {
    return upstream(this.config, "venue").url?.replace(/\/$/, "") ?? "";
  }

  /** "Mainnet" unless the deployment says otherwise (COMPASS_VENUE_NETWORK, or the address book's entry). */
  get network(): VenueNetwork {
    return (
      this.config.venueNetwork ??
      (addressBook(this.config)?.twins.venue?.network === "Testnet" ? "Testnet" : "Mainnet")
    );
  }

  info<T>(body: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
    return this.post("/info", body, signal) as Promise<T>;
  }

  /** Relays a signed action; a 4xx (an action the venue cannot read) comes back as an `err` reply. */
  async exchange(body: Record<string, unknown>, signal?: AbortSignal): Promise<ExchangeReply> {
    return (await this.post("/exchange", body, signal, true)) as ExchangeReply;
  }

  private async post(path: string, body: unknown, signal?: AbortSignal, rejectionsAreReplies = false) {
    const target = {
      service: "venue",
      title: "Perpetuals venue",
      label: "venue unavailable",
      url: this.url || undefined,
      timeoutMs: this.config.upstreamTimeoutMs,
    };
    // reads may be repeated; a signed action is sent once (its nonce makes a repeat a refusal anyway)
    const reply = await upstreamRequest(target, {
      method: "POST",
      path,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
      retry: path === "/info",
    });
    if (rejectionsAreReplies && reply.status >= 400 && reply.status < 500)
      return { status: "err", response: reply.text.trim() || `HTTP ${reply.status}` };
    if (reply.status !== 200)
      throw new UpstreamError(
        "venue",
        `Perpetuals venue answered HTTP ${reply.status}: ${reply.text.slice(0, 200)}`,
      );
    if (reply.json === undefined)
      throw new UpstreamError("venue", "Perpetuals venue answered with something other than JSON");
    return reply.json;
  }
}
