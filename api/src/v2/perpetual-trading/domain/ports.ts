import type { Context } from "../../../kernel/context.ts";

/** The venue's networks: its EIP-712 domains and action hashes differ between them. */
export type VenueNetwork = "Mainnet" | "Testnet";

/** The venue's answer to a signed action: `ok` and a typed response, or `err` and a message. */
export type ExchangeReply = { status: "ok"; response: unknown } | { status: "err"; response: string };

/** The perpetuals venue as the domain sees it: reads, and the relay of actions its users signed. */
export interface Venue {
  /** base URL of the venue's API ("" when none is configured; requests then answer 502) */
  readonly url: string;
  readonly network: VenueNetwork;
  info<T>(body: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
  /** relays a signed action; an action the venue cannot read comes back as an `err` reply */
  exchange(body: Record<string, unknown>, signal?: AbortSignal): Promise<ExchangeReply>;
}

export interface PerpetualTradingPorts {
  venue: Venue;
}

export type PerpetualTradingContext = Context<PerpetualTradingPorts>;
