import { type Address, getAddress, parseUnits } from "viem";
import { addressBook, type Config } from "../../../../kernel/config/env.ts";
import { DomainError, UpstreamError } from "../../../../kernel/errors.ts";
import { formatDecimal } from "../../../../kernel/lib/format.ts";
import { tradingStatus } from "../status.ts";
import { type KnownToken, resolveToken } from "../tokens.ts";

/** Tokenized equities trade on Ethereum only. */
export const EQUITY_CHAIN = "ethereum" as const;
export const EQUITY_CHAIN_ID = 1;

export interface EquityPair {
  from: KnownToken;
  to: KnownToken;
  /** the equity of the pair */
  equity: KnownToken;
  side: "buy" | "sell";
}

/**
 * `from_token` → `to_token` of an equity order: USDC for a listed equity (buy) or back (sell). Any other pair,
 * a non-equity asset included, is 422 "Wrong trade flow" naming where it trades.
 */
export function resolvePair(config: Config, fromText: string, toText: string): EquityPair {
  const from = resolveToken(config, EQUITY_CHAIN, fromText, ["body", "from_token"]);
  const to = resolveToken(config, EQUITY_CHAIN, toText, ["body", "to_token"]);
  const asset = from.asset ?? to.asset;
  if (asset && asset.flow !== "intent")
    throw new DomainError(
      422,
      "Wrong trade flow",
      `${from.asset ? "from_token" : "to_token"}: ${asset.symbol} is not a tokenized equity; it trades through POST /v2/tokenized_assets/transact/buy and /transact/sell`,
    );
  const buy = !from.asset && to.asset?.flow === "intent";
  const sell = from.asset?.flow === "intent" && !to.asset;
  if (!buy && !sell)
    throw new DomainError(
      422,
      "Wrong trade flow",
      `to_token: an equity order trades USDC for a tokenized equity or back (got ${from.symbol} → ${to.symbol})`,
    );
  return { from, to, equity: buy ? to : from, side: buy ? "buy" : "sell" };
}

/** The 1inch Limit Order Protocol the relay's orders settle on. */
export function limitOrderProtocol(config: Config): Address {
  const address = addressBook(config)?.chains[EQUITY_CHAIN]?.contracts.LimitOrderProtocol;
  if (!address)
    throw new UpstreamError(
      "equity_relay",
      "No LimitOrderProtocol is configured for ethereum in the address book",
      "Order relay unavailable",
    );
  return getAddress(address);
}

/** 409 outside the NYSE regular session (the equities' market hours), naming the next open. */
export function requireMarketOpen(now: number): void {
  const status = tradingStatus("us_equity", false, now);
  if (status.is_open) return;
  throw new DomainError(
    409,
    "Market closed",
    `Market closed: tokenized equities trade in the NYSE regular session (${status.reason ?? "closed"}); next open ${status.next_open}`,
  );
}

/** `raw` units of `token` in USD at `priceUsd` (decimal string), 2 decimals; null without a price. */
export function usdValue(raw: bigint, token: KnownToken, priceUsd: string | undefined): string | null {
  if (priceUsd === undefined) return null;
  return formatDecimal((raw * parseUnits(priceUsd, 18)) / 10n ** BigInt(token.decimals), 18, 2);
}
