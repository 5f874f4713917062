import { addressBook, type Config, upstream } from "../../config/env.ts";
import { UpstreamError } from "../../errors.ts";

export type VenueNetwork = "Mainnet" | "Testnet";

/** The venue's answer to POST /exchange: HTTP 200 with `ok` and a typed response, or `err` and a message. */
export type ExchangeReply = { status: "ok"; response: unknown } | { status: "err"; response: string };

/**
 * The venue's HTTP protocol (Hyperliquid): POST /info for reads, POST /exchange for signed actions, at
 * `upstream(config, "venue")` (COMPASS_VENUE_URL overrides the address book). Only transport failures
 * and non-JSON answers are errors here (502); what the venue says is the caller's to interpret.
 */
export class VenueClient {
  constructor(private readonly config: Config) {}

  /** Base URL of the venue's API (throws a 502 when none is configured). */
  get url(): string {
    const url = upstream(this.config, "venue").url;
    if (!url) throw new UpstreamError("venue", "Perpetuals venue is not configured (set COMPASS_VENUE_URL)");
    return url.replace(/\/$/, "");
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
    const url = this.url;
    const timeout = AbortSignal.timeout(this.config.upstreamTimeoutMs);
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const reason = timeout.aborted ? "timed out" : "is unreachable";
      throw new UpstreamError("venue", `Perpetuals venue ${reason} (${(error as Error).message})`);
    }
    const text = await response.text();
    if (rejectionsAreReplies && response.status >= 400 && response.status < 500)
      return { status: "err", response: text.trim() || `HTTP ${response.status}` };
    if (!response.ok)
      throw new UpstreamError(
        "venue",
        `Perpetuals venue answered HTTP ${response.status}: ${text.slice(0, 200)}`,
      );
    try {
      return JSON.parse(text);
    } catch {
      throw new UpstreamError("venue", "Perpetuals venue answered with something other than JSON");
    }
  }
}
